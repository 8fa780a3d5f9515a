/**
 * JSON text re-indented by its structural characters only, as the theme's
 * panel did: numbers pass through verbatim, so an id beyond 2^53 keeps its
 * digits (a JSON.parse round trip would round it). Text that is not JSON
 * comes back unchanged.
 */
export function prettyJson(raw: string, indent = 2): string {
  try {
    JSON.parse(raw);
  } catch {
    return raw;
  }
  const pad = ' '.repeat(indent);
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    if (ch === '"') {
      out += ch;
      inString = true;
    } else if (ch === '{' || ch === '[') {
      let j = i + 1;
      while (j < raw.length && /\s/.test(raw[j] ?? '')) j++;
      if (raw[j] === '}' || raw[j] === ']') {
        out += ch + raw[j];
        i = j;
      } else {
        depth++;
        out += `${ch}\n${pad.repeat(depth)}`;
      }
    } else if (ch === '}' || ch === ']') {
      depth--;
      out += `\n${pad.repeat(depth)}${ch}`;
    } else if (ch === ',') {
      out += `,\n${pad.repeat(depth)}`;
    } else if (ch === ':') {
      out += ': ';
    } else {
      out += ch;
    }
  }
  return out;
}
