// What `format: uri` means to the mock: a URI as RFC 3986 writes it (Ajv's
// check) that the WHATWG URL parser also accepts. That parser is `new URL()`,
// what browsers, fetch and the mock's own behaviours use: the generated
// validators check with this function (scripts/generate.mjs), so a URL that
// validation accepts is one the behaviours can read. RFC 3986 alone accepted
// `https://a:99999`, `https://256.256.256.256/` and `https://`, on which
// `new URL()` throws (the only 500 the mock answered).
import { fullFormats } from 'ajv-formats/dist/formats.js';

const rfc3986 = fullFormats.uri as (text: string) => boolean;

export function isWebUrl(text: string): boolean {
  if (!rfc3986(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
