// What a record costs, in bytes, for the budgets (accounts.ts): its stored
// fields written as JSON, each string counted as the larger of its UTF-8 size
// (what a list page of it weighs on the wire) and what V8 holds it in (one byte
// per character, two for text with any character past U+00FF), plus a fixed
// share for the objects around them.
import type { StoredRecord } from './accounts.js';

/** Bookkeeping per record (objects, maps, read-time cache), roughly what V8 spends beyond the values. */
const RECORD_OVERHEAD_BYTES = 1024;
/** Per pause/resume span kept beside a record (two numbers in an array): toggling `paused` costs too. */
const SPAN_BYTES = 48;

/** Any character past ASCII (the first 128 code points). */
const NON_ASCII = /[^\p{ASCII}]/u;

/** The larger of `text`'s UTF-8 length and its size in memory, without encoding it (browsers have no Buffer). */
function textBytes(text: string): number {
  // Most records are ASCII: one byte a character either way, found by one native scan.
  if (!NON_ASCII.test(text)) return text.length;
  let utf8 = text.length;
  let wide = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code > 0xff) wide = true;
    // 2 bytes below U+0800, 3 above; a surrogate pair (2 units) is 4 bytes.
    utf8 += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return wide ? Math.max(utf8, 2 * text.length) : utf8;
}

/** JSON-safe printable ASCII: such a string is its length plus two quotes in JSON and in memory. */
const PLAIN = /^[\u0020\u0021\u0023-\u005b\u005d-\u007e]*$/;
/** Longest JSON a number takes (-1.2345678901234567e-308). */
const NUMBER_BYTES = 24;

/**
 * Bytes of `value` written as JSON, escapes included (numbers counted at their
 * longest). Walks the value instead of serialising it: measured, twice as fast
 * as JSON.stringify on an uptime check, and it builds no string.
 */
function jsonBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return PLAIN.test(value) ? value.length + 2 : textBytes(JSON.stringify(value));
    case 'number':
      return NUMBER_BYTES;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      let bytes = 2;
      if (Array.isArray(value)) {
        for (const item of value) bytes += jsonBytes(item) + 1;
        return bytes;
      }
      const fields = value as Record<string, unknown>;
      for (const name in fields) {
        const field = fields[name];
        if (field !== undefined) bytes += jsonBytes(name) + 1 + jsonBytes(field) + 1;
      }
      return bytes;
    }
    default:
      return 0;
  }
}

/** A record's cost: its fields, the request-only ones kept beside them, its spans, and the overhead. */
export function recordBytes(record: StoredRecord): number {
  const { data, meta } = record;
  return jsonBytes(data) + jsonBytes(meta.writeOnly) + meta.activeSpans.length * SPAN_BYTES + RECORD_OVERHEAD_BYTES;
}

/** About what the record will cost once `sent` is applied (at most one more span), before applying it. */
export function bytesAfterUpdate(record: StoredRecord, sent: Record<string, unknown>): number {
  const { data, meta } = record;
  return (
    jsonBytes({ ...data, ...meta.writeOnly, ...sent }) +
    (meta.activeSpans.length + 1) * SPAN_BYTES +
    RECORD_OVERHEAD_BYTES
  );
}
