import type { Change } from './change.js';

/**
 * A breaking change the API owners acknowledge as a correction of the
 * description (the API already behaved so), kept in
 * `packages/spec/released/corrections.yaml` until the next release records the
 * bundle. Each pattern is a regular expression matched against the whole field.
 */
export interface Correction {
  why: string;
  message: string;
  operation?: string;
  where?: string;
}

export interface CorrectedChange extends Change {
  why: string;
}

export interface CorrectionsApplied {
  /** The changes no correction matched. */
  changes: Change[];
  corrected: CorrectedChange[];
  /** Corrections that match no breaking change: out of date, to be removed. */
  unused: Correction[];
}

const wholly = (pattern: string) => new RegExp(`^(?:${pattern})$`);

/** Only breaking changes can be corrected: a feature needs no acknowledgement. */
export function applyCorrections(changes: Change[], corrections: readonly Correction[]): CorrectionsApplied {
  const matchers = corrections.map((correction) => ({
    correction,
    message: wholly(correction.message),
    operation: wholly(correction.operation ?? '.*'),
    where: wholly(correction.where ?? '.*'),
    used: false,
  }));
  const kept: Change[] = [];
  const corrected: CorrectedChange[] = [];
  for (const change of changes) {
    const matcher =
      change.severity === 'breaking'
        ? matchers.find(
            (m) => m.message.test(change.message) && m.operation.test(change.operation) && m.where.test(change.where),
          )
        : undefined;
    if (!matcher) {
      kept.push(change);
      continue;
    }
    matcher.used = true;
    corrected.push({ ...change, why: matcher.correction.why });
  }
  return { changes: kept, corrected, unused: matchers.filter((m) => !m.used).map((m) => m.correction) };
}

/** Reads a parsed corrections file, or throws naming what is wrong with it. */
export function readCorrections(parsed: unknown): Correction[] {
  if (parsed == null) return [];
  if (!Array.isArray(parsed)) throw new Error('a list of corrections is expected');
  return parsed.map((entry: unknown, index) => {
    const at = `correction ${index + 1}`;
    if (!entry || typeof entry !== 'object') throw new Error(`${at}: an object with why and message is expected`);
    const { why, message, operation, where, ...rest } = entry as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length) throw new Error(`${at}: unknown key ${unknown.join(', ')} (why, message, operation, where)`);
    if (typeof why !== 'string' || !why.trim()) throw new Error(`${at}: why must say why this is a correction`);
    const patterns = { message, operation, where };
    for (const [key, pattern] of Object.entries(patterns)) {
      if (pattern === undefined && key !== 'message') continue;
      if (typeof pattern !== 'string') throw new Error(`${at}: ${key} must be a regular expression (a string)`);
      try {
        wholly(pattern);
      } catch (error) {
        throw new Error(`${at}: ${key}: ${(error as Error).message}`);
      }
    }
    return {
      why,
      message: message as string,
      operation: operation as string | undefined,
      where: where as string | undefined,
    };
  });
}
