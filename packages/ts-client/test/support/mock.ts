// The real mock server over HTTP, on a free port, with a frozen clock: tests
// move time by hand (or let the client's injected sleep move it).
import { ManualClock, startServer, type RunningMock, type ServerOptions } from '@webmon/mock-server/node';

/** 2026-11-22T12:00:00Z, on a second and a minute boundary. */
export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

export interface TestMock {
  url: string;
  clock: ManualClock;
  running: RunningMock;
  close(): Promise<void>;
  /** Plain fetch against the mock, bypassing the client: an independent view of the server's state. */
  raw<T>(token: string, path: string): Promise<T>;
}

export async function startMock(options: ServerOptions = {}): Promise<TestMock> {
  const clock = new ManualClock(NOW);
  const running = await startServer({ port: 0, rateLimit: false, clock, ...options });
  return {
    url: running.url,
    clock,
    running,
    close: () => running.close(),
    async raw<T>(token: string, path: string) {
      const response = await fetch(`${running.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`raw GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** A token no other test uses, so each test starts from a fresh account. */
export const freshToken = (): string => `token-${Math.random().toString(36).slice(2)}`;

/** A sleep that waits no real time: it records the delay and moves the mock's clock on. */
export function recordingSleep(clock: ManualClock): {
  delays: number[];
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
} {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      delays.push(ms);
      clock.advance(ms);
    },
  };
}

/**
 * A timer the test fires by hand, for `timeoutMs`: the test decides when an
 * attempt's time is up (after the stub has seen the request), so no test
 * depends on how fast a request reaches the server.
 */
export function manualTimer(): {
  timer: (ms: number, fire: () => void) => () => void;
  /** The delays of the timers armed and not yet fired or disarmed. */
  armed(): number[];
  /** Fires every armed timer, as if their time had come. */
  fireAll(): void;
} {
  const armed = new Set<{ ms: number; fire: () => void }>();
  return {
    timer: (ms, fire) => {
      const entry = { ms, fire };
      armed.add(entry);
      return () => void armed.delete(entry);
    },
    armed: () => [...armed].map((entry) => entry.ms),
    fireAll() {
      for (const entry of [...armed]) {
        armed.delete(entry);
        entry.fire();
      }
    },
  };
}
