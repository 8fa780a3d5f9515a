// The origin a caller reached the mock at, for the URLs the mock hands out
// (series `links.self`/`links.next`, the heartbeat `url`, `har_location`): the
// request's Host, or X-Forwarded-Host/-Proto behind a proxy, rather than the
// address the server is bound to (`0.0.0.0:4010` is no URL anyone can call).
// Those headers are whatever the caller sent: a value that is not a plain
// host[:port] falls back to the bound address, so an answer never carries a
// path, a user-info part or markup someone slipped into a header.
import type { MockRequest } from './mock-request.js';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A DNS name or IPv4 address, or a bracketed IPv6 address, then an optional port. */
const HOST_PORT = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::([0-9]{1,5}))?$`);

function validHost(value: string): boolean {
  if (value.length > 260) return false;
  const match = HOST_PORT.exec(value);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The first of a comma-separated header's values (proxies append theirs), trimmed. */
function firstValue(header: string | null): string | undefined {
  if (header === null) return undefined;
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim() || undefined;
}

/**
 * Reads the public origin of each request. Most requests to one server carry
 * the same headers: the last answer is kept, so the usual request costs three
 * header reads and string comparisons, no regex.
 */
export class OriginReader {
  // undefined until the first request: a header read is a string or null.
  private forwardedHost: string | null | undefined;
  private host: string | null | undefined;
  private forwardedProto: string | null | undefined;
  private fallback: string | undefined;
  private origin = '';

  /** `https://api.example.test`, from the headers; the request's own origin when they name no valid host. */
  of(request: MockRequest): string {
    const forwardedHost = request.header('x-forwarded-host');
    const host = request.header('host');
    const forwardedProto = request.header('x-forwarded-proto');
    if (
      forwardedHost !== this.forwardedHost ||
      host !== this.host ||
      forwardedProto !== this.forwardedProto ||
      request.origin !== this.fallback
    ) {
      this.forwardedHost = forwardedHost;
      this.host = host;
      this.forwardedProto = forwardedProto;
      this.fallback = request.origin;
      this.origin = publicOrigin(request.origin, forwardedHost, host, forwardedProto);
    }
    return this.origin;
  }
}

/** The origin built from the headers, each checked; `fallback` (the bound address) otherwise. */
export function publicOrigin(
  fallback: string,
  forwardedHost: string | null,
  host: string | null,
  forwardedProto: string | null,
): string {
  const proto = firstValue(forwardedProto)?.toLowerCase();
  const scheme = proto === 'http' || proto === 'https' ? proto : fallback.slice(0, fallback.indexOf(':'));
  for (const candidate of [firstValue(forwardedHost), host?.trim()]) {
    if (candidate && validHost(candidate)) return `${scheme}://${candidate.toLowerCase()}`;
  }
  return `${scheme}${fallback.slice(fallback.indexOf(':'))}`;
}
