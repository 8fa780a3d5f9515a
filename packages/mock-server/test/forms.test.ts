// Request bodies as the API reads them (SPEC.md section 7, API-FACTS.md "Wire
// format"): application/x-www-form-urlencoded, arrays as field[]=v (or repeated
// keys), emptied with field[]= or field=; anything else is refused in the
// APIError shape.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_DISCARDED_BYTES } from '../src/node/server.js';
import { VALID, useApi } from './client.js';

const api = useApi({ seed: false });
const MIB = 1024 * 1024;
const run = promisify(execFile);

describe('arrays in form bodies', () => {
  it('reads bracket arrays tags[]=a&tags[]=b', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&tags[]=production&tags[]=web`);
    expect((await client.read(`/uptime/${id}`)).tags).toEqual(['production', 'web']);
  });

  it('reads repeated keys tags=a&tags=b, and a single tags=a, as lists', async () => {
    const client = api.client();
    const two = await client.create('/uptime', `${VALID.uptime}&tags=production&tags=web`);
    expect((await client.read(`/uptime/${two}`)).tags).toEqual(['production', 'web']);
    const one = await client.create('/uptime', `${VALID.uptime}&tags=production`);
    expect((await client.read(`/uptime/${one}`)).tags).toEqual(['production']);
  });

  it('reads the bracket form percent-encoded (tags%5B%5D=a), as URLSearchParams sends it', async () => {
    const client = api.client();
    const body = new URLSearchParams([
      ...new URLSearchParams(VALID.uptime),
      ['tags[]', 'a'],
      ['tags[]', 'b'],
    ]).toString();
    expect(body).toContain('tags%5B%5D=a');
    const id = await client.create('/uptime', body);
    expect((await client.read(`/uptime/${id}`)).tags).toEqual(['a', 'b']);
  });

  it.each(['tags[]=', 'tags='])('empties a list with %s', async (empty) => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&tags[]=production&tags[]=web`);
    await client.update(`/uptime/${id}`, empty);
    const read = await client.read(`/uptime/${id}`);
    expect(read.tags).toEqual([]);
    expect(read.name).toBe('Example home page');
  });

  it('empties other lists the same way (contact groups of a check, emails of a group)', async () => {
    const client = api.client();
    const group = await client.create(
      '/contact-groups',
      'name=Ops&email_addresses[]=a%40example.com&email_addresses[]=b%40example.com',
    );
    const check = await client.create('/heartbeat', `${VALID.heartbeat}&contact_groups[]=${group}`);
    await client.update(`/heartbeat/${check}`, 'contact_groups[]=');
    expect((await client.read(`/heartbeat/${check}`)).contact_groups).toEqual([]);
    await client.update(`/contact-groups/${group}`, 'email_addresses=');
    expect((await client.read(`/contact-groups/${group}`)).email_addresses).toEqual([]);
  });

  it('replaces a list with the values sent, in their order', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&tags[]=a&tags[]=b`);
    await client.update(`/uptime/${id}`, 'tags[]=c&tags[]=a');
    expect((await client.read(`/uptime/${id}`)).tags).toEqual(['c', 'a']);
  });

  it('refuses a scalar field sent twice', async () => {
    const answer = await api.client().post('/uptime', `${VALID.uptime}&name=Other`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['name']);
  });
});

describe('form decoding', () => {
  it('decodes + as a space and %2B as a plus sign', async () => {
    const client = api.client();
    const id = await client.create('/contact-groups', 'name=Night+shift&mobile_numbers[]=%2B447700900123');
    expect(await client.read(`/contact-groups/${id}`)).toMatchObject({
      name: 'Night shift',
      mobile_numbers: ['+447700900123'],
    });
  });

  it('decodes UTF-8 percent-escapes', async () => {
    const client = api.client();
    const id = await client.create('/contact-groups', `name=${encodeURIComponent('Équipe über 東京')}`);
    expect((await client.read(`/contact-groups/${id}`)).name).toBe('Équipe über 東京');
  });

  it('accepts a charset parameter on the content type', async () => {
    const answer = await api.client().post('/contact-groups', 'name=Ops', {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });
    expect(answer.status).toBe(201);
  });

  it.each([
    ['body', 'POST', '/contact-groups', 'name=%E0%A4%A'],
    ['body', 'POST', '/contact-groups', 'name=100%'],
    ['body', 'POST', '/contact-groups', 'name=%zz'],
    ['query string', 'GET', '/contact-groups?page=%zz', undefined],
  ])('answers 400 to invalid percent-encoding in the %s (%s %s)', async (_where, method, path, body) => {
    const answer = await api.client().send(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/percent-encoding/);
  });

  it('answers 400 to invalid percent-encoding in the path', async () => {
    const answer = await api.client().get('/uptime/%zz');
    expect(answer.status).toBe(400);
  });
});

describe('refused bodies', () => {
  it('answers 415 to a JSON body, in the APIError shape', async () => {
    const answer = await api
      .client()
      .post('/contact-groups', JSON.stringify({ name: 'Ops' }), { headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: expect.stringContaining('application/x-www-form-urlencoded'), errors: {} });
  });

  it.each(['text/plain', 'multipart/form-data; boundary=x'])('answers 415 to %s', async (type) => {
    expect((await api.client().post('/contact-groups', 'name=Ops', { headers: { 'content-type': type } })).status).toBe(
      415,
    );
  });

  it('answers 415 to a body without a content type on PUT too', async () => {
    const client = api.client();
    const id = await client.create('/contact-groups', 'name=Ops');
    const response = await fetch(`${api.mock.url}/contact-groups/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${client.token}` },
      body: new Blob(['name=Other']),
    });
    expect(response.status).toBe(415);
    expect((await client.read(`/contact-groups/${id}`)).name).toBe('Ops');
  });

  it('answers 400 naming every unknown field', async () => {
    const answer = await api.client().post('/contact-groups', 'name=Ops&colour=red&priority[]=1');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The provided parameters are invalid.');
    expect(Object.keys(answer.body.errors).sort()).toEqual(['colour', 'priority']);
    expect(answer.body.errors.colour[0]).toMatch(/colour/);
  });

  it('answers 400 naming an unknown field called __proto__ (no prototype games)', async () => {
    const client = api.client();
    const answer = await client.post('/contact-groups', 'name=Ops&__proto__[]=x&constructor=y');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('"__proto__":[');
    expect(Object.keys(answer.body.errors).sort()).toEqual(['__proto__', 'constructor']);
    expect((await client.list('/contact-groups')).data).toEqual([]);
  });

  it('answers 400 to a field of another resource (regions is an uptime field, not a heartbeat one)', async () => {
    const client = api.client();
    const id = await client.create('/heartbeat', VALID.heartbeat);
    const answer = await client.put(`/heartbeat/${id}`, 'regions[]=london');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['regions']);
  });

  it('answers 400 to read-only fields sent in a body (id, status)', async () => {
    const answer = await api.client().post('/uptime', `${VALID.uptime}&id=1&status=down`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['id', 'status']);
  });

  it('answers 413 to a body over 1 MiB that declares its length', async () => {
    const client = api.client();
    const answer = await client.post('/contact-groups', `name=${'a'.repeat(MIB)}`);
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual({});
  });

  it('answers 413 to a chunked body over 1 MiB (no content-length)', async () => {
    const client = api.client();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${api.mock.url}/contact-groups`);
      const outgoing = request(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${client.token}`,
            'content-type': 'application/x-www-form-urlencoded',
            'transfer-encoding': 'chunked',
          },
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (text += chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
        },
      );
      outgoing.on('error', reject);
      // The server may answer and close before the whole body is written: a late write error is expected.
      outgoing.on('socket', (socket) => socket.on('error', () => undefined));
      outgoing.write('name=');
      for (let sent = 0; sent <= MIB; sent += 64 * 1024) outgoing.write('a'.repeat(64 * 1024));
      outgoing.end();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ errors: {} });
  });

  it('answers 413 to 2 MiB and more sent with fetch, which sees the answer and its message', async () => {
    // Node's fetch in a process of its own, as a developer's script runs: sharing this
    // process's event loop with the server, it never got to write while the server closed.
    const script = `
      for (const mib of [2, 2, 4, 8]) {
        try {
          const response = await fetch(process.env.URL, {
            method: 'POST',
            headers: { authorization: 'Bearer forms', 'content-type': 'application/x-www-form-urlencoded' },
            body: 'name=' + 'a'.repeat(mib * 1024 * 1024),
          });
          console.log(JSON.stringify({ mib, status: response.status, body: await response.json() }));
        } catch (error) {
          console.log(JSON.stringify({ mib, error: String(error.cause ?? error) }));
        }
      }`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, URL: `${api.mock.url}/contact-groups` },
    });
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const refused = { status: 413, body: { message: `The request body is larger than ${MIB} bytes.`, errors: {} } };
    expect(answers).toEqual([2, 2, 4, 8].map((mib) => ({ mib, ...refused })));
  });

  it('reads no more than MAX_DISCARDED_BYTES of a refused body: then the connection closes', async () => {
    const declared = MAX_DISCARDED_BYTES * 4;
    const { answer, written } = await new Promise<{ answer: string; written: number }>((resolve) => {
      const socket = connect(api.mock.running.port, '127.0.0.1');
      let answer = '';
      let written = 0;
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ answer, written }));
      const chunk = Buffer.alloc(MIB, 'a');
      const more = () => {
        // Until the server closes, or the whole declared body is sent (then it would not have closed).
        while (!socket.destroyed && written < declared) {
          written += chunk.byteLength;
          if (!socket.write(chunk)) return void socket.once('drain', more);
        }
      };
      socket.write(
        `POST /v1/contact-groups HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer forms\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      more();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(`"message":"The request body is larger than ${MIB} bytes."`);
    expect(written).toBeLessThan(declared);
  });

  it('reads a body of exactly 1 MiB (validation then refuses the over-long name, not the size)', async () => {
    const body = `name=${'a'.repeat(MIB - 'name='.length)}`;
    expect(body.length).toBe(MIB);
    const answer = await api.client().post('/contact-groups', body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['name']);
  });
});
