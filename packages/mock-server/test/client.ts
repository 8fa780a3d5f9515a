// A thin client over useMock() for the suite: every answer it receives is
// checked against the API description (test/spec-schemas.ts) before the test
// sees it, so each test that talks to the mock also checks response shapes.
import { expect } from 'vitest';
import { specProblems } from './spec-schemas.js';
import { useMock, type TestMock } from './start-mock.js';
import type { ServerOptions } from '../src/node/server.js';

// Bodies are JSON of many shapes; tests read them by field.
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface SendInit {
  headers?: Record<string, string>;
  /** Send no Authorization header (null) or another token than the client's. */
  token?: string | null;
}

let tokens = 0;
/** A token no other client of this process uses: a fresh, empty (or freshly seeded) account. */
export const freshToken = (label = 'token') => `${label}-${process.pid}-${++tokens}`;

export class Client {
  constructor(
    readonly mock: TestMock,
    readonly token: string | null = freshToken(),
  ) {}

  /** One request; the answer is checked against the spec (schema of its status, or APIError). */
  async send<T = Json>(method: string, path: string, body?: string, init: SendInit = {}): Promise<Answer<T>> {
    const response = await this.mock.call(method, path, {
      body,
      token: init.token === undefined ? this.token : init.token,
      headers: init.headers,
    });
    const text = await response.text();
    let parsed: unknown;
    if (text !== '') {
      expect(response.headers.get('content-type'), `${method} ${path}: a body must be JSON`).toMatch(
        /^application\/json/,
      );
      parsed = JSON.parse(text);
    }
    expect(
      specProblems(method, path, response.status, parsed, text),
      `${method} ${path} -> ${response.status}: answer does not match the spec`,
    ).toEqual([]);
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get<T = Json>(path: string, init?: SendInit) {
    return this.send<T>('GET', path, undefined, init);
  }
  post<T = Json>(path: string, body: string, init?: SendInit) {
    return this.send<T>('POST', path, body, init);
  }
  put<T = Json>(path: string, body: string, init?: SendInit) {
    return this.send<T>('PUT', path, body, init);
  }
  delete<T = Json>(path: string, init?: SendInit) {
    return this.send<T>('DELETE', path, undefined, init);
  }

  /** POSTs and expects 201 with data.new_id; returns the id. */
  async create(path: string, body: string): Promise<string> {
    const answer = await this.post(path, body);
    expect(answer.status, `POST ${path} ${body}: ${answer.text}`).toBe(201);
    expect(typeof answer.body.data.new_id).toBe('string');
    return answer.body.data.new_id as string;
  }

  /** GETs one resource and expects 200; returns `data`. */
  async read(path: string): Promise<Json> {
    const answer = await this.get(path);
    expect(answer.status, `GET ${path}: ${answer.text}`).toBe(200);
    return answer.body.data;
  }

  /** PUTs and expects 204. */
  async update(path: string, body: string): Promise<void> {
    const answer = await this.put(path, body);
    expect(answer.status, `PUT ${path} ${body}: ${answer.text}`).toBe(204);
  }

  /** GETs a page list and expects 200; returns the whole answer body. */
  async list(path: string): Promise<{ data: Json[]; metadata: Json }> {
    const answer = await this.get(path);
    expect(answer.status, `GET ${path}: ${answer.text}`).toBe(200);
    return answer.body;
  }
}

/** The mock over HTTP (see start-mock.ts) and a way to make clients, each with its own token. */
export function useApi(options: ServerOptions = {}) {
  const mock = useMock(options);
  return {
    mock,
    client: (token?: string | null) => new Client(mock, token === undefined ? freshToken() : token),
  };
}

/** A valid create body per resource (form-encoded), from the examples of SPEC.md and the API description. */
export const VALID = {
  contactGroup: 'name=Operations%20team&email_addresses[]=ops%40example.com&mobile_numbers[]=%2B447700900123',
  heartbeat: 'name=Nightly%20backup&period=1800',
  maintenanceWindow:
    'name=Weekly%20upgrade&start_at=2026-12-01T01%3A00%3A00Z&end_at=2026-12-01T03%3A00%3A00Z&repeat_interval=1w&tags[]=database&timezone=Europe%2FLondon',
  pagespeed: 'name=Home%20page%20speed&website_url=https%3A%2F%2Fwww.example.com%2F&check_rate=1800&region=UK',
  ssl: 'website_url=https%3A%2F%2Fwww.example.com&check_rate=86400&alert_at[]=30&alert_at[]=7&alert_at[]=1',
  uptime: 'name=Example%20home%20page&test_type=HTTP&website_url=https%3A%2F%2Fwww.example.com&check_rate=1800',
} as const;
