// useInfiniteQuery on page lists (page/limit up to metadata.page_count) and on
// cursor series (links.next's `before`), against the mock's msw handlers.
// The oracle is ts-client's own walk (listAll / historyAll) over the same
// account, or one plain request for the whole series.
import type { InfiniteData } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type UptimeTests,
  getListUptimeTestsInfiniteQueryKey,
  useCreateUptimeTest,
  useListUptimeTestPeriodsInfinite,
  useListUptimeTestHistoryInfinite,
  useListUptimeTestsInfinite,
} from '../src/index.js';
import { startHarness } from './support/harness.js';

const h = startHarness();

/** Rows, a "more" button while there is a next page, and "end" once there is none. */
function Pager({
  rows,
  hasNextPage,
  isFetching,
  fetchNextPage,
}: {
  rows: string[];
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
}) {
  return (
    <>
      <p data-testid="rows">{rows.join('|')}</p>
      {isFetching ? (
        <p>fetching</p>
      ) : hasNextPage ? (
        <button type="button" onClick={() => fetchNextPage()}>
          more
        </button>
      ) : (
        <p>end</p>
      )}
    </>
  );
}

/**
 * Clicks "more" until "end" shows; returns how many clicks it took. After a
 * click it waits for the rows to change (or "end", for an empty last page), so
 * it never races the fetch.
 */
async function readToTheEnd(): Promise<number> {
  let clicks = 0;
  for (;;) {
    const next = await screen.findByText(/^(more|end)$/);
    if (next.textContent === 'end') return clicks;
    const before = screen.getByTestId('rows').textContent;
    fireEvent.click(next);
    clicks++;
    await waitFor(() => {
      const end = screen.queryByText('end');
      expect(end ?? screen.queryByText('more')).not.toBeNull();
      if (!end) expect(screen.getByTestId('rows').textContent).not.toBe(before);
    });
  }
}

function List() {
  const pages = useListUptimeTestsInfinite({ limit: 2 });
  return (
    <Pager
      rows={pages.data?.pages.flatMap((page) => page.data.map((item) => item.name)) ?? []}
      hasNextPage={pages.hasNextPage}
      isFetching={pages.isFetching}
      fetchNextPage={pages.fetchNextPage}
    />
  );
}

/** The first page of the list, and a button that creates a check through the hooks. */
function ListAndAdd() {
  const pages = useListUptimeTestsInfinite({ limit: 2 });
  const create = useCreateUptimeTest();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          create.mutate({
            data: { name: 'Added', test_type: 'HTTP', website_url: 'https://added.example.com', check_rate: 300 },
          })
        }
      >
        add
      </button>
      <p data-testid="rows">{pages.data?.pages.flatMap((page) => page.data.map((item) => item.name)).join('|')}</p>
    </>
  );
}

function History({ id }: { id: string }) {
  const series = useListUptimeTestHistoryInfinite(id, { limit: 5 });
  return (
    <Pager
      rows={series.data?.pages.flatMap((page) => page.data.map((run) => `${run.created_at} ${run.location}`)) ?? []}
      hasNextPage={series.hasNextPage}
      isFetching={series.isFetching}
      fetchNextPage={series.fetchNextPage}
    />
  );
}

function Periods({ id }: { id: string }) {
  const series = useListUptimeTestPeriodsInfinite(id, { limit: 1 });
  return (
    <Pager
      rows={series.data?.pages.flatMap((page) => page.data.map((period) => period.created_at)) ?? []}
      hasNextPage={series.hasNextPage}
      isFetching={series.isFetching}
      fetchNextPage={series.fetchNextPage}
    />
  );
}

describe('page lists', () => {
  it('advance page by page to metadata.page_count', async () => {
    const client = h.account();
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      await client.uptime.create({ name, test_type: 'HTTP', website_url: 'https://a.example.com', check_rate: 300 });
    const expected: string[] = [];
    for await (const item of client.uptime.listAll({ limit: 2 })) expected.push(item.name);
    expect(expected).toHaveLength(5);
    h.sent.length = 0;

    h.show(<List />);
    expect(await readToTheEnd()).toBe(2);
    expect(screen.getByTestId('rows').textContent).toBe(expected.join('|'));
    expect(h.sent.map((request) => request.url.search)).toEqual(['?limit=2', '?limit=2&page=2', '?limit=2&page=3']);
  });

  it('a create refetches the infinite list of its collection, cached under the exported key', async () => {
    const client = h.account();
    await client.uptime.create({
      name: 'One',
      test_type: 'HTTP',
      website_url: 'https://one.example.com',
      check_rate: 300,
    });
    const { queryClient } = h.show(<ListAndAdd />);
    await screen.findByText('One');
    h.sent.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await screen.findByText(/Added/);
    // The POST, then the list again: the infinite query's key holds the collection's path too.
    expect(h.sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /v1/uptime',
      'GET /v1/uptime',
    ]);
    const expected = (await client.uptime.list({ limit: 2 })).data.map((item) => item.name);
    expect(expected).toHaveLength(2);
    expect(screen.getByTestId('rows').textContent).toBe(expected.join('|'));
    const cached = queryClient.getQueryData<InfiniteData<UptimeTests>>(
      getListUptimeTestsInfiniteQueryKey({ limit: 2 }),
    );
    expect(cached?.pages.flatMap((page) => page.data.map((item) => item.name))).toEqual(expected);
  });
});

describe('cursor series', () => {
  it('history follows links.next until there is none', async () => {
    const client = h.account();
    const id = await client.uptime.create({
      name: 'Runs',
      test_type: 'HTTP',
      website_url: 'https://runs.example.com',
      check_rate: 300,
    });
    h.clock.advance(60 * 60 * 1000); // one hour at 5 minutes: a dozen runs
    const whole = await client.uptime.history(id, { limit: 100 });
    const expected = whole.data.map((run) => `${run.created_at} ${run.location}`);
    expect(expected.length).toBeGreaterThan(5);
    h.sent.length = 0;

    h.show(<History id={id} />);
    const clicks = await readToTheEnd();
    expect(screen.getByTestId('rows').textContent).toBe(expected.join('|'));
    // A page per 5 runs; when the last page is full, links.next leads to one empty page more.
    expect(clicks).toBe(Math.floor(expected.length / 5));
    // Every request after the first carries only the cursor links.next named (and our limit).
    const [first, ...rest] = h.sent.map((request) => request.url.searchParams);
    expect([...first!.keys()]).toEqual(['limit']);
    for (const params of rest) expect([...params.keys()].sort()).toEqual(['before', 'limit']);
  });

  it('periods: one a page, to the end of the series', async () => {
    const client = h.account();
    const id = await client.uptime.create({
      name: 'Periods',
      test_type: 'HTTP',
      website_url: 'https://periods.example.com',
      check_rate: 300,
    });
    h.clock.advance(3 * 24 * 60 * 60 * 1000);
    const expected = (await client.uptime.periods(id, { limit: 100 })).data.map((period) => period.created_at);
    expect(expected.length).toBeGreaterThan(0);
    h.show(<Periods id={id} />);
    const clicks = await readToTheEnd();
    expect(screen.getByTestId('rows').textContent).toBe(expected.join('|'));
    expect(clicks).toBeGreaterThanOrEqual(expected.length - 1);
  });
});
