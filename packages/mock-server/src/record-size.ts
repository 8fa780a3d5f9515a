// What a record costs, in bytes, for the budgets (accounts.ts): its stored
// fields written as JSON, counted as the larger of their UTF-8 size (what a list
// page of them weighs on the wire) and what V8 holds them in (one byte per
// character, two for text with any character past U+00FF), plus a fixed share
// for the objects around them.
import type { StoredRecord } from './accounts.js';

/** Bookkeeping per record (objects, maps, read-time cache), roughly what V8 spends beyond the values. */
const RECORD_OVERHEAD_BYTES = 1024;
/** Per pause/resume span kept beside a record (two numbers in an array): toggling `paused` costs too. */
const SPAN_BYTES = 48;

/** The larger of `text`'s UTF-8 length and its size in memory, without encoding it (browsers have no Buffer). */
function textBytes(text: string): number {
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

/** Bytes of these fields written as JSON, escapes included. */
function jsonBytes(fields: Record<string, unknown>): number {
  return textBytes(JSON.stringify(fields));
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
