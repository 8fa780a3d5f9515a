// What a record costs, in bytes, for the per-token budget (accounts.ts): its
// stored fields as UTF-8 JSON (what a list page of it weighs on the wire, and
// more than V8 needs for most text) plus a fixed share for the objects around them.
import type { StoredRecord } from './accounts.js';

/** Bookkeeping per record (objects, maps, read-time cache), roughly what V8 spends beyond the values. */
const RECORD_OVERHEAD_BYTES = 1024;
/** Per pause/resume span kept beside a record (two numbers in an array): toggling `paused` costs too. */
const SPAN_BYTES = 48;

/** UTF-8 length of `text` without encoding it (the browser has no Buffer). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // 2 bytes below U+0800, 3 above; a surrogate pair (2 units) is 4 bytes.
    if (code >= 0x80) bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

/** Bytes of these fields written as JSON, escapes included. */
function jsonBytes(fields: Record<string, unknown>): number {
  return utf8Length(JSON.stringify(fields));
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
