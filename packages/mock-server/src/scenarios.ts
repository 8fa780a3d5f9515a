// Scenarios a caller asks for per request with the `Prefer` header (RFC 7240),
// as Prism's and Scalar's mocks do, so client code can be tried against the
// answers it must handle: `Prefer: code=429` (rate limited, as a full window answers),
// `Prefer: code=500` (server error), `Prefer: delay=2000` (a slow answer, in
// milliseconds), or both: `Prefer: code=429, delay=2000`. The HTTP server, msw
// handlers and the portal's sandbox all go through MockApi.route, so this is
// the one place they are implemented.
//
// As RFC 7240 asks, a preference the mock does not know, or a value it does not
// offer, is ignored; the answer's `Preference-Applied` header names the ones
// that were applied.

/** Status codes a caller may ask for. */
export const SCENARIO_CODES = [429, 500] as const;
export type ScenarioCode = (typeof SCENARIO_CODES)[number];

/** Longest delay honoured: a slow answer, never a stalled connection. */
export const MAX_DELAY_MS = 10_000;

export interface Scenario {
  code?: ScenarioCode;
  /** Milliseconds to wait before answering, at most MAX_DELAY_MS. */
  delayMs?: number;
}

const isScenarioCode = (n: number): n is ScenarioCode => (SCENARIO_CODES as readonly number[]).includes(n);

/** The scenario a `Prefer` header asks for; empty when it asks for none. */
export function readPrefer(header: string | null): Scenario {
  const scenario: Scenario = {};
  if (!header) return scenario;
  // Preferences are comma-separated; `;` starts a preference's parameters, which none of ours take.
  for (const preference of header.split(',')) {
    const [name = '', raw = ''] = (preference.split(';')[0] ?? '').split('=').map((s) => s.trim());
    const value = raw.replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,6}$/.test(value)) continue;
    const n = Number(value);
    if (name.toLowerCase() === 'code' && isScenarioCode(n)) scenario.code = n;
    if (name.toLowerCase() === 'delay') scenario.delayMs = Math.min(n, MAX_DELAY_MS);
  }
  return scenario;
}

/** `Preference-Applied` value for what was applied, e.g. `code=429, delay=2000`. */
export function appliedPreferences(scenario: Scenario, codeApplied: boolean): string | null {
  const applied = [
    ...(codeApplied && scenario.code ? [`code=${scenario.code}`] : []),
    ...(scenario.delayMs !== undefined ? [`delay=${scenario.delayMs}`] : []),
  ];
  return applied.length ? applied.join(', ') : null;
}

/** How the mock waits; tests inject one they resolve by hand. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
