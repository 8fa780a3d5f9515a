// @ts-check
// `pnpm dev` only (source-checker.mjs with devLoop): a save changes one source
// file, yet each check parsed every file three times: for Redocly's bundle and
// Redocly's lint (js-yaml, a resolver each) and for Spectral's lint (its own
// YAML parser, with positions). Those parses were about a quarter of a check's
// CPU (docs/measurements.md). Here a file's parse is kept while its text is
// the same; what the last two runs did not use is dropped, so memory stays
// that of the sources.

/** Parses by key (a file) and text; a run keeps what it and the run before used. */
function keptParses() {
  /** @typedef {{ text: string, value: unknown }} Kept */
  /** @type {Map<string, Kept>} */
  let previous = new Map();
  /** @type {Map<string, Kept>} */
  let current = new Map();
  let misses = 0;
  return {
    /**
     * The parse kept for `key` if its text was `text`, or `parse()`'s.
     * @template T @param {string} key @param {string} text @param {() => T} parse @returns {T}
     */
    get(key, text, parse) {
      let kept = current.get(key) ?? previous.get(key);
      if (kept?.text !== text) {
        misses++;
        kept = { text, value: parse() };
      }
      current.set(key, kept);
      return /** @type {T} */ (kept.value);
    },
    /** Starts a run. */
    nextRun() {
      previous = current;
      current = new Map();
    },
    /** How many texts were parsed (not found kept). */
    misses: () => misses,
  };
}

/**
 * A subclass of Redocly's resolver (`externalRefResolver` of its `lint` and
 * `bundle`) that keeps each file's parse. Each document gets a copy: the
 * bundler writes into the documents it bundles (a `$ref` rewritten to its
 * component's).
 * @template {new (...args: any[]) => { parseDocument(source: { absoluteRef: string, body: string }, isRoot?: boolean): { source: unknown, parsed: unknown } }} R
 * @param {R} BaseResolver @redocly/openapi-core's
 */
export function cachingRedoclyResolver(BaseResolver) {
  const parses = keptParses();
  class CachingResolver extends BaseResolver {
    /** @override @param {{ absoluteRef: string, body: string }} source @param {boolean} [isRoot] */
    parseDocument(source, isRoot = false) {
      const parsed = parses.get(
        `${isRoot} ${source.absoluteRef}`,
        source.body,
        () => super.parseDocument(source, isRoot).parsed,
      );
      return { source, parsed: structuredClone(parsed) };
    }
  }
  return { Resolver: CachingResolver, nextRun: parses.nextRun, misses: parses.misses };
}

/** The parsers wrapped in this process (a second wrapper would count the first's parses as its own). */
const wrapped = new WeakSet();

/**
 * Wraps Spectral's YAML parser (`Yaml` of @stoplight/spectral-parsers: the
 * lint's root document and, through Spectral's document inventory, every
 * file a `$ref` reaches) to keep each text's parse. Handed out as it is:
 * Spectral reads the parsed sources and never writes them (its resolver
 * builds the resolved document apart, with immer); a text met twice in one
 * run is parsed twice, so no two documents of a run share a parse.
 * @param {{ parse: (text: string) => unknown }} Yaml
 */
export function cacheSpectralParses(Yaml) {
  if (wrapped.has(Yaml)) throw new Error("Spectral's YAML parses are cached once per process");
  wrapped.add(Yaml);
  const parse = Yaml.parse;
  const parses = keptParses();
  /** @type {Set<string>} */
  const thisRun = new Set();
  Yaml.parse = (text) => {
    if (thisRun.has(text)) return parse(text);
    thisRun.add(text);
    return parses.get(text, text, () => parse(text));
  };
  return {
    nextRun() {
      parses.nextRun();
      thisRun.clear();
    },
    misses: parses.misses,
  };
}
