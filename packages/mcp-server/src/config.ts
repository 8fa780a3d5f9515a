// Which API the tools talk to, read from the environment once at start.
// No token means the sandbox: an agent exploring the tools can never touch a
// real account by accident; the real API takes a deliberate WEBMON_API_TOKEN.

export type Target = { mode: 'sandbox' } | { mode: 'api'; token: string; baseUrl?: string };

export function readTarget(env: Record<string, string | undefined>): Target {
  // The name this server read before it took the guides' and the client
  // samples' WEBMON_API_URL: set alone, it would have sent a local token to
  // the production API. Refused, not read, so that one name stays.
  if (env.WEBMON_BASE_URL !== undefined)
    throw new Error("WEBMON_BASE_URL is not read: set the API's URL as WEBMON_API_URL, as the guides do.");
  const token = env.WEBMON_API_TOKEN?.trim();
  const baseUrl = env.WEBMON_API_URL?.trim();
  if (!token) {
    // A base URL alone is most likely a forgotten token: refuse rather than
    // quietly run on the sandbox while the user thinks it is their account.
    if (baseUrl)
      throw new Error('WEBMON_API_URL is set but WEBMON_API_TOKEN is not: set both, or neither for the sandbox.');
    return { mode: 'sandbox' };
  }
  if (baseUrl) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new Error(`WEBMON_API_URL is not a URL: ${baseUrl}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`WEBMON_API_URL must be http(s): ${baseUrl}`);
    return { mode: 'api', token, baseUrl };
  }
  return { mode: 'api', token };
}
