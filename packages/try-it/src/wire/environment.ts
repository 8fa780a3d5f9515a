// Where Send goes: the sandbox (the mock, in this page) or production (the
// real API, with the reader's own token). One choice for the whole page and
// the tab, kept in sessionStorage with the token; the token is never sent to
// the sandbox, nor the sandbox's to production.
import { DEFAULT_BASE_URL } from '@webmon/ts-client';
import { shared } from './store.js';

export type Environment = 'sandbox' | 'production';

/** The description's first server: what the docs show and the samples call. */
export const PRODUCTION_BASE_URL = DEFAULT_BASE_URL;
/** A host that answers nowhere but in this page (`.invalid`, RFC 2606): the sandbox's requests never leave it. */
export const SANDBOX_BASE_URL = 'https://sandbox.invalid/v1';

export const environment = shared<Environment>('sandbox', 'webmon-try-it:environment', (text) =>
  text === 'production' || text === 'sandbox' ? text : undefined,
);

export const productionToken = shared<string>('', 'webmon-try-it:token', (text) => text);

export const SCENARIOS = [
  { id: 'none', label: 'Normal answers', prefer: undefined },
  { id: '429', label: '429 Too Many Requests (rate limit)', prefer: 'code=429' },
  { id: '500', label: '500 Server error', prefer: 'code=500' },
  { id: 'slow', label: 'Slow answer (3 s)', prefer: 'delay=3000' },
] as const;

export type ScenarioId = (typeof SCENARIOS)[number]['id'];

/** The sandbox's next answers: this page's choice, cleared by Reset. */
export const scenario = shared<ScenarioId>('none');

export const preferOf = (id: ScenarioId): string | undefined => SCENARIOS.find((s) => s.id === id)?.prefer;

/**
 * The sandbox reads only the documented wire forms (`tags[]=a`, `true`), as
 * `--strict-wire` does: for a reader who wants their own client held to the
 * guide. Off, it also reads what the provider's generated clients send.
 */
export const strictWire = shared<boolean>(false);
