// @ts-check
// Each field's bounds in the TSDoc the client ships. openapi-typescript 7.13
// writes title, description, default, examples, "Format: x" and `@enum {type}`
// (addJSDocComment in its lib/ts.ts) and none of minimum, maxLength, pattern...:
// `timeout?: number` said `@default 15`, not 5 to 75.
//
// Its transformProperty hook (added for this use, openapi-typescript#2449)
// sees each schema property. The library writes its own comment after the
// hook returns, and TypeScript reads the tags of a declaration's last JSDoc
// block only, so the hook notes the lines and addTo() merges them into that
// one block once the tree is built. Parameters, headers and component
// schemas have no hook: addTo() finds them where openapi-typescript puts
// them (components.<schemas|parameters|headers>, operations[id].parameters.<in>,
// paths[path].parameters.<in>).
import { isObject, listOperations, mergeAllOf, resolveRef } from '@webmon/openapi-core';
import ts from 'typescript';

/** @typedef {import('@webmon/openapi-core').JsonObject} JsonObject */
/** @typedef {NonNullable<import('openapi-typescript').OpenAPITSOptions['transformProperty']>} TransformProperty */

/** Keywords written as `@<keyword> <value>`, JSON Schema's names (as tsoa, typia and ts-to-zod read them). */
const KEYWORDS = [
  'format',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
];

/**
 * openapi-typescript's own rule (transformSchemaObjectWithComposition) for
 * writing an enum as a union of its values: then the type already lists them.
 * @param {JsonObject} schema
 */
const isLiteralUnion = (schema) =>
  Array.isArray(schema.enum) &&
  schema.type !== 'object' &&
  !('properties' in schema) &&
  !('additionalProperties' in schema);

/**
 * `[keyword, value]` for each bound a schema states.
 * @param {JsonObject} schema
 * @returns {[string, string][]}
 */
function boundsOf(schema) {
  /** @type {[string, string][]} */
  const pairs = [];
  for (const keyword of KEYWORDS) {
    const value = schema[keyword];
    if (typeof value === 'number' || typeof value === 'string') pairs.push([keyword, String(value)]);
  }
  if (Array.isArray(schema.enum) && !isLiteralUnion(schema)) {
    pairs.push(['enum', schema.enum.map((value) => JSON.stringify(value)).join(' | ')]);
  }
  return pairs;
}

/**
 * The TSDoc lines for a schema's bounds, `$ref`s followed and `allOf` merged:
 * `@minimum 5`, `@pattern ^https?://`, and `@items minLength 1` for an
 * array's items. Bounds inside `anyOf`/`oneOf` branches belong to the
 * branch, which is a property of its own when it has properties.
 * @param {unknown} document
 * @param {unknown} node
 * @returns {string[]}
 */
function boundsLines(document, node) {
  const schema = mergeAllOf(document, node);
  const lines = boundsOf(schema).map(([keyword, value]) => `@${keyword} ${value}`);
  if (isObject(schema.items)) {
    lines.push(...boundsOf(mergeAllOf(document, schema.items)).map(([keyword, value]) => `@items ${keyword} ${value}`));
  }
  // A pattern may hold `*/`; the library escapes it the same way.
  return lines.map((line) => line.replaceAll('*/', '*\\/'));
}

/** @param {ts.SynthesizedComment} comment */
const isDocBlock = (comment) => comment.kind === ts.SyntaxKind.MultiLineCommentTrivia && comment.text.startsWith('*');

/**
 * The lines of a JSDoc block as openapi-typescript writes its text: `* one `
 * or `*\n * first\n * second\n ` (continuation lines indented after the `* `).
 * @param {string} text
 */
const docLines = (text) =>
  text.startsWith('*\n')
    ? text
        .slice(2)
        .split('\n')
        .slice(0, -1)
        .map((line) => line.replace(/^ \* ?/, ''))
    : [text.slice(1).trim()];

/** @param {string[]} lines */
const docText = (lines) => (lines.length === 1 ? `* ${lines[0]} ` : `*\n * ${lines.join('\n * ')}\n `);

/**
 * Adds `lines` to the node's JSDoc block (openapi-typescript's, or a new one),
 * before the examples, which can run long. `@format` replaces the library's
 * "Format: x" line, an `@enum` with values its bare `@enum {type}`.
 * @param {ts.Node} node
 * @param {string[]} lines
 */
function addLines(node, lines) {
  const comments = ts.getSyntheticLeadingComments(node) ?? [];
  const index = comments.findIndex(isDocBlock);
  const has = (/** @type {string} */ tag) => lines.some((line) => line.startsWith(`${tag} `));
  const kept = (index === -1 ? [] : docLines(comments[index]?.text ?? '')).filter(
    (line) => !(line.startsWith('Format: ') && has('@format')) && !(line.startsWith('@enum ') && has('@enum')),
  );
  const at = kept.findIndex((line) => line.startsWith('@example'));
  const merged = at === -1 ? [...kept, ...lines] : [...kept.slice(0, at), ...lines, ...kept.slice(at)];
  /** @type {ts.SynthesizedComment} */
  const block = {
    kind: ts.SyntaxKind.MultiLineCommentTrivia,
    text: docText(merged),
    hasTrailingNewLine: true,
    pos: -1,
    end: -1,
  };
  ts.setSyntheticLeadingComments(node, index === -1 ? [...comments, block] : comments.with(index, block));
}

/** @param {ts.Node} node */
const nameOf = (node) => {
  const name = ts.isPropertySignature(node) || ts.isInterfaceDeclaration(node) ? node.name : undefined;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) ? name.text : '';
};

/** @param {unknown} list */
const asArray = (list) => (Array.isArray(list) ? list : []);

/**
 * The bounds of each field, for openapi-typescript: pass `transformProperty`
 * in its options, then `addTo()` the nodes it returns, before printing them.
 * @param {unknown} document the bundle openapi-typescript is given
 */
export function tsdocBounds(document) {
  /** @type {WeakMap<ts.Node, string[]>} */
  const pending = new WeakMap();
  const operations = new Map(listOperations(document).map((entry) => [entry.operationId, entry]));
  /** @param {unknown} node */
  const object = (node) => {
    const value = resolveRef(document, node);
    return isObject(value) ? value : {};
  };

  /**
   * The bounds for the declaration at `path` (names of the enclosing
   * interface and properties), when it is a component schema, parameter or
   * header, or a parameter of an operation or a path.
   * @param {string[]} path
   * @returns {string[]}
   */
  function declarationLines(path) {
    const [root, key, name, ...rest] = path;
    if (key === undefined || name === undefined) return [];
    if (root === 'components' && rest.length === 0 && ['schemas', 'parameters', 'headers'].includes(key)) {
      const component = object(object(object(object(document).components)[key])[name]);
      return boundsLines(document, key === 'schemas' ? component : component.schema);
    }
    const [where, parameterName] = rest;
    if (name !== 'parameters' || rest.length !== 2) return [];
    if (root === 'operations') {
      const parameter = operations
        .get(key)
        ?.parameters.find((entry) => entry.in === where && entry.name === parameterName);
      return parameter ? boundsLines(document, parameter.schema) : [];
    }
    if (root === 'paths') {
      const parameter = asArray(object(object(object(document).paths)[key]).parameters)
        .map(object)
        .find((entry) => entry.in === where && entry.name === parameterName);
      return parameter ? boundsLines(document, parameter.schema) : [];
    }
    return [];
  }

  return {
    /** @type {TransformProperty} */
    transformProperty(property, schemaObject) {
      const lines = boundsLines(document, schemaObject);
      if (lines.length) pending.set(property, lines);
      return undefined;
    },

    /** @param {readonly ts.Node[]} nodes what openapiTS() returned */
    addTo(nodes) {
      /**
       * @param {ts.Node} node
       * @param {string[]} path
       */
      const visit = (node, path) => {
        let here = path;
        if (ts.isPropertySignature(node) || ts.isInterfaceDeclaration(node)) {
          here = [...path, nameOf(node)];
          const lines = pending.get(node) ?? declarationLines(here);
          if (lines.length) addLines(node, lines);
        }
        ts.forEachChild(node, (child) => {
          visit(child, here);
        });
      };
      for (const node of nodes) visit(node, []);
    },
  };
}
