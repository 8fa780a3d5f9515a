// The HTTP Archive (HAR 1.2) of one pagespeed measurement, served where the
// history's `har_location` points. The URL carries the account's public key
// (128 random bits, as the heartbeat ping URLs do): only the reader who was
// given it can fetch it, and a measurement of another account's check with
// the same id is not reachable.
import type { StoredRecord } from './store/accounts.js';
import { pagespeedFacts } from './check-facts.js';
import { iso } from './schedule.js';
import { measurements } from './simulate-pagespeed.js';

export const HAR_PATH = /^\/har\/([^/]+)\/([^/]+)\/(\d{1,12})\.har$/;

/** Where the measurement taken at `at` (ms) can be downloaded. */
export const harLocation = (origin: string, accountKey: string, id: string, at: number) =>
  `${origin}/har/${accountKey}/${id}/${Math.floor(at / 1000)}.har`;

/**
 * The archive of the measurement the check took in second `seconds`, or
 * undefined when it took none then (or not yet, at `now`). The mock's archive
 * holds the page's own request, with the measured load time and size; the
 * count of the page's requests is in the history item.
 */
export function harArchive(record: StoredRecord, seconds: number, now: number): object | undefined {
  const [measured] = measurements(pagespeedFacts(record), { now, limit: 1, before: (seconds + 1) * 1000 });
  if (!measured || Math.floor(measured.at / 1000) !== seconds) return undefined;
  const url = String(record.data.website_url);
  const started = iso(measured.at);
  return {
    log: {
      version: '1.2',
      creator: { name: '@webmon/mock-server', version: '1.2.0' },
      pages: [{ startedDateTime: started, id: 'page_1', title: url, pageTimings: { onLoad: measured.loadtime } }],
      entries: [
        {
          pageref: 'page_1',
          startedDateTime: started,
          time: measured.loadtime,
          request: {
            method: 'GET',
            url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [],
            queryString: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [],
            // filesize is in kilobytes.
            content: { size: Math.round(measured.filesize * 1024), mimeType: 'text/html' },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
          },
          cache: {},
          timings: { send: 0, wait: measured.loadtime, receive: 0 },
        },
      ],
    },
  };
}
