// The generated hooks in React components, against the mock's msw handlers:
// what an integrator's own tests would do. Expected values come from what the
// test created, from the plain ts-client, or from the wire, never from the
// component's output.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operationTable } from '@webmon/ts-client';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as generated from '../src/index.js';
import {
  ValidationError,
  getGetUptimeTestQueryKey,
  getListUptimeTestsQueryKey,
  useCreateUptimeTest,
  useDeleteUptimeTest,
  useGetUptimeTest,
  useListUptimeTests,
  useUpdateUptimeTest,
} from '../src/index.js';
import { BASE_URL, startHarness } from './support/harness.js';

const h = startHarness();
const check = (name: string, tags: string[] = []) => ({
  name,
  test_type: 'HTTP' as const,
  website_url: `https://${name.toLowerCase().replaceAll(' ', '-')}.example.com`,
  check_rate: 300 as const,
  tags,
});

function Checks({ tags }: { tags?: string }) {
  const list = useListUptimeTests(tags ? { tags, matchany: false } : undefined);
  if (list.error) return <p role="alert">{list.error.message}</p>;
  if (!list.data) return <p>loading</p>;
  return (
    <ul aria-label="checks">
      {list.data.data.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  );
}

/** A dependent query: the id is known only once the user picks it. */
function Picker({ id }: { id: string }) {
  const [picked, setPicked] = useState<string>();
  const read = useGetUptimeTest(picked as string);
  return (
    <>
      <button type="button" onClick={() => setPicked(id)}>
        pick
      </button>
      <p>{read.data?.data.name ?? read.fetchStatus}</p>
    </>
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'checks' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('what is generated', () => {
  // orval names an operation's functions after its operationId: `list-uptime-tests` -> `listUptimeTests`.
  const pascal = (operationId: string) =>
    operationId.replace(/(?:^|-)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

  it('a query hook for each GET, a mutation hook for each other method, an infinite hook for each paged list', () => {
    const exported = new Set(Object.keys(generated));
    const kinds = (want: (operationId: string, name: string) => Record<string, boolean>) =>
      Object.fromEntries(
        Object.keys(operationTable).map((operationId) => [operationId, want(operationId, pascal(operationId))]),
      );
    expect(
      kinds((_, name) => ({
        hook: exported.has(`use${name}`),
        query: exported.has(`get${name}QueryKey`),
        mutation: exported.has(`get${name}MutationKey`),
        infinite: exported.has(`use${name}Infinite`),
      })),
    ).toEqual(
      kinds((operationId) => {
        const { method, pagination } = operationTable[operationId as keyof typeof operationTable];
        return { hook: true, query: method === 'GET', mutation: method !== 'GET', infinite: pagination !== undefined };
      }),
    );
  });
});

describe('queries', () => {
  it('lists what the account holds, with the filter on the wire as the API reads it', async () => {
    const client = h.account();
    await client.uptime.create(check('Shop', ['web']));
    await client.uptime.create(check('Mail', ['mx']));
    await client.uptime.create(check('Blog', ['web']));
    const { queryClient } = h.show(<Checks tags="web" />);
    await screen.findByRole('list', { name: 'checks' });
    expect(names().sort()).toEqual(['Blog', 'Shop']);
    const get = h.sent.find((request) => request.method === 'GET')!;
    expect(get.url.pathname).toBe('/v1/uptime');
    // matchany: false is left out (present means true); ts-client's encoding, not orval's `matchany=false`.
    expect(get.url.search).toBe('?tags=web');
    expect(get.url.searchParams.has('matchany')).toBe(false);
    // One query key per operation and arguments, exported for invalidation and prefetching.
    expect(queryClient.getQueryData(getListUptimeTestsQueryKey({ tags: 'web', matchany: false }))).toBeDefined();
  });

  it('a query whose path value is not there yet waits, sending nothing, and runs once it is', async () => {
    const client = h.account();
    const id = await client.uptime.create(check('Picked'));
    h.sent.length = 0;
    h.show(<Picker id={id} />);
    // Idle, not fetching: no request is under way, and none was refused.
    await screen.findByText('idle');
    expect(h.sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'pick' }));
    await screen.findByText('Picked');
    expect(h.sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([`GET /v1/uptime/${id}`]);
  });
});

function CreateAndList() {
  const create = useCreateUptimeTest();
  return (
    <>
      <button type="button" onClick={() => create.mutate({ data: check('Added', ['new']) })}>
        add
      </button>
      {create.isSuccess && <p>created {create.data.data.new_id}</p>}
      <Checks />
    </>
  );
}

function Editor({ id }: { id: string }) {
  const read = useGetUptimeTest(id);
  const update = useUpdateUptimeTest();
  if (!read.data) return <p>loading</p>;
  return (
    <>
      <p>tags: {read.data.data.tags.length ? read.data.data.tags.join(',') : '(none)'}</p>
      <button type="button" onClick={() => update.mutate({ testId: id, data: { tags: [] } })}>
        clear
      </button>
    </>
  );
}

function Remover({ id }: { id: string }) {
  const remove = useDeleteUptimeTest();
  return (
    <>
      <button type="button" onClick={() => remove.mutate({ testId: id })}>
        delete
      </button>
      <Checks />
    </>
  );
}

/** A form that shows each field's messages from a ValidationError next to the field. */
function Form() {
  const [timeout, setTimeout] = useState('3');
  const create = useCreateUptimeTest();
  const fieldErrors = create.error instanceof ValidationError ? create.error.errors : {};
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ data: { ...check('x'), website_url: 'https://x.example.com', timeout: Number(timeout) } });
      }}
    >
      <label>
        timeout
        <input value={timeout} onChange={(event) => setTimeout(event.target.value)} />
      </label>
      {fieldErrors.timeout?.map((message) => (
        <p key={message} role="alert" data-field="timeout">
          {message}
        </p>
      ))}
      <button type="submit">save</button>
    </form>
  );
}

describe('mutations', () => {
  it('create, then the list refetches on its own and shows the new check', async () => {
    const client = h.account();
    await client.uptime.create(check('Existing'));
    h.show(<CreateAndList />);
    await screen.findByText('Existing');
    const before = h.sent.length;
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await screen.findByText('Added');
    const created = await screen.findByText(/^created /);
    // The POST, then the list again: invalidation, not a manual refetch.
    const after = h.sent.slice(before).map((request) => `${request.method} ${request.url.pathname}`);
    expect(after).toEqual(['POST /v1/uptime', 'GET /v1/uptime']);
    // ts-client's form encoding (brackets literal), not orval's URLSearchParams (`tags=new`).
    expect(await h.sent[before]!.body).toContain('&tags[]=new');
    const id = created.textContent!.replace('created ', '');
    expect((await client.uptime.get(id)).name).toBe('Added');
  });

  it('an emptied array goes out as tags[]= and reads back empty; the entity query refetches', async () => {
    const client = h.account();
    const id = await client.uptime.create(check('Tagged', ['a', 'b']));
    const { queryClient } = h.show(<Editor id={id} />);
    await screen.findByText('tags: a,b');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    await screen.findByText('tags: (none)');
    const put = h.sent.find((request) => request.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/v1/uptime/${id}`);
    expect(await put.body).toBe('tags[]=');
    expect((await client.uptime.get(id)).tags).toEqual([]);
    expect(queryClient.getQueryState(getGetUptimeTestQueryKey(id))?.dataUpdateCount).toBe(2);
  });

  it('delete drops the entity from the cache and refetches the list', async () => {
    const client = h.account();
    const keep = await client.uptime.create(check('Keep'));
    const gone = await client.uptime.create(check('Gone'));
    const { queryClient } = h.show(<Remover id={gone} />);
    await screen.findByText('Gone');
    await queryClient.prefetchQuery({
      queryKey: getGetUptimeTestQueryKey(gone),
      queryFn: () => client.uptime.get(gone).then((data) => ({ data })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(screen.queryByText('Gone')).toBeNull());
    expect(names()).toEqual(['Keep']);
    expect(queryClient.getQueryState(getGetUptimeTestQueryKey(gone))).toBeUndefined();
    expect((await client.uptime.list()).data.map((item) => item.id)).toEqual([keep]);
  });
});

describe('errors', () => {
  it('a 400 reaches `error` as ValidationError, its messages shown at the field', async () => {
    h.account();
    // The oracle: the mock's own answer to the same body, read with plain fetch.
    const plain = await fetch(`https://api.example.com/v1/uptime`, {
      method: 'POST',
      headers: { authorization: 'Bearer oracle', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x&test_type=HTTP&website_url=https%3A%2F%2Fx.example.com&check_rate=300&timeout=3',
    });
    expect(plain.status).toBe(400);
    const expected = ((await plain.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(expected)).toEqual(['timeout']);

    h.show(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => [alert.dataset.field, alert.textContent])).toEqual(
      expected.timeout!.map((message) => ['timeout', message]),
    );
  });

  it('before configure() a call fails saying so, and sends nothing', async () => {
    h.account();
    vi.resetModules(); // a fresh module instance: never configured
    const fresh = await import('../src/index.js');
    await expect(fresh.listUptimeTests()).rejects.toThrow(/call configure\(\{ token, baseUrl \}\)/);
    expect(h.sent).toEqual([]);
  });

  it('a URL that is no operation of the API is refused before sending', async () => {
    h.account();
    const { send, configure } = await import('../src/send.js');
    configure({ token: 'unmatched', baseUrl: BASE_URL });
    await expect(send({ url: '/uptime/1/2/3', method: 'GET' })).rejects.toThrow(/no operation of the API is GET/);
    await expect(send({ url: '/uptime/undefined', method: 'GET' })).rejects.toThrow(/no operation/);
    expect(h.sent).toEqual([]);
  });
});
