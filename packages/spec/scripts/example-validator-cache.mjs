// @ts-check
// `pnpm dev` only (source-checker.mjs with devLoop): Redocly's example rules
// (no-invalid-media-type-examples, no-invalid-schema-examples,
// no-invalid-parameter-examples) compile an Ajv validator for every schema
// with an example on every lint: about 0.6 s of a warm lint's 1.2 s of CPU on
// our sources. A save changes one file; the other schemas are the same. Here
// the validators one lint compiled are handed to the next when the schema is
// the same: same dialect, same additional-properties setting, same location,
// and the same content, including everything it reaches through `$ref`
// (resolved as Ajv resolves them, from the file the schema is in). Anything
// else compiles as before, so the findings are the same.

/**
 * The part of Redocly's resolver used here: `resolve({ $ref }, fromFile)`.
 * @typedef {(node: { $ref: string }, from: string) => { location?: { absolutePointer: string, source: { absoluteRef: string } }, node?: unknown }} Resolve
 * @typedef {{ absolutePointer: string, source: { absoluteRef: string } }} SchemaLocation
 * @typedef {(schema: unknown, loc: SchemaLocation, resolve: Resolve, allowAdditionalProperties: boolean, dialect: string) => unknown} GetValidator
 */

/** The classes wrapped in this process: a second wrapper would share the first's validators. */
const wrapped = new WeakSet();

/**
 * Wraps `AjvValidator.prototype.getValidator` (@redocly/openapi-core's lib/rules/ajv.js);
 * call `nextRun()` before each lint.
 * @param {{ prototype: { getValidator: GetValidator } }} AjvValidator
 */
export function cacheExampleValidators(AjvValidator) {
  if (wrapped.has(AjvValidator)) throw new Error('Redocly example validators are cached once per process');
  wrapped.add(AjvValidator);
  const compile = AjvValidator.prototype.getValidator;
  /** Validators by key: those of the last lint, and those of this one. */
  let previous = new Map();
  let current = new Map();
  /** This lint's content keys by absolute pointer: a file may change between lints, not during one. */
  let reached = new Map();

  /**
   * The schema's content, every `$ref` replaced by its target's location and content, as JSON.
   * @param {unknown} node @param {string} file the file `node` is in (relative `$ref`s start there)
   * @param {Resolve} resolve @param {Set<string>} open the targets being keyed (a cycle names its target only)
   * @returns {string}
   */
  function key(node, file, resolve, open) {
    if (Array.isArray(node)) return `[${node.map((item) => key(item, file, resolve, open)).join(',')}]`;
    if (!node || typeof node !== 'object') return JSON.stringify(node) ?? 'undefined';
    return `{${Object.entries(node)
      .map(([name, value]) => {
        if (name !== '$ref' || typeof value !== 'string')
          return `${JSON.stringify(name)}:${key(value, file, resolve, open)}`;
        const target = resolve({ $ref: value }, file);
        if (!target.location) return `"$ref":${JSON.stringify(value)}:unresolved`;
        const pointer = target.location.absolutePointer;
        if (open.has(pointer)) return `"$ref":${JSON.stringify(pointer)}`;
        let content = reached.get(pointer);
        if (content === undefined) {
          open.add(pointer);
          content = key(target.node, target.location.source.absoluteRef, resolve, open);
          open.delete(pointer);
          reached.set(pointer, content);
        }
        return `"$ref":${JSON.stringify(pointer)}:${content}`;
      })
      .join(',')}}`;
  }

  /** @type {GetValidator} */
  AjvValidator.prototype.getValidator = function (schema, loc, resolve, allowAdditionalProperties, dialect) {
    const id = `${dialect} ${allowAdditionalProperties} ${loc.absolutePointer} ${key(schema, loc.source.absoluteRef, resolve, new Set())}`;
    const known = current.get(id) ?? previous.get(id);
    if (known) {
      current.set(id, known);
      return known;
    }
    const validate = compile.call(this, schema, loc, resolve, allowAdditionalProperties, dialect);
    if (validate) current.set(id, validate);
    return validate;
  };

  return {
    /** Starts a lint: what the last one did not use is dropped. */
    nextRun() {
      previous = current;
      current = new Map();
      reached = new Map();
    },
  };
}
