// @ts-check
// Reads a resolved schema the way a validator would: a schema and its `allOf`
// members all apply at once, so properties, `required`, `type` and `enum` are
// gathered from every member. Each value keeps the path it was found at, so a
// rule can point at the exact member that has to change.
import { isObject, isUnresolvedRef } from './json-value.js';

/** @typedef {import('./json-value.js').JsonPath} JsonPath */
/** @typedef {import('./json-value.js').Located} Located */

/**
 * The schema and every `allOf` member below it (depth first), each with its path.
 * An empty list means "no usable schema here".
 * @param {unknown} schema
 * @param {JsonPath} path
 * @returns {Located[]}
 */
export function flattenAllOf(schema, path) {
  if (!isObject(schema) || isUnresolvedRef(schema)) return [];
  /** @type {Located[]} */
  const parts = [{ value: schema, path }];
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((member, index) => {
      parts.push(...flattenAllOf(member, [...path, 'allOf', index]));
    });
  }
  return parts;
}

/**
 * Union of the `required` lists of all parts.
 * @param {Located[]} parts
 * @returns {Set<string>}
 */
export function requiredNames(parts) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const { value } of parts) {
    if (!Array.isArray(value.required)) continue;
    for (const name of value.required) {
      if (typeof name === 'string') names.add(name);
    }
  }
  return names;
}

/**
 * Every property name declared by any part, in declaration order.
 * @param {Located[]} parts
 * @returns {string[]}
 */
export function propertyNames(parts) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const { value } of parts) {
    if (isObject(value.properties)) for (const name of Object.keys(value.properties)) names.add(name);
  }
  return [...names];
}

/**
 * All declarations of one property across the parts (each flattened in turn),
 * since `allOf` members may each say something about the same property.
 * @param {Located[]} parts
 * @param {string} name
 * @returns {Located[]}
 */
export function propertyParts(parts, name) {
  return parts.flatMap(({ value, path }) =>
    isObject(value.properties) && name in value.properties
      ? flattenAllOf(value.properties[name], [...path, 'properties', name])
      : [],
  );
}

/**
 * The types the parts allow: the intersection of every `type` declared
 * (`type: x` counts as `[x]`), with the path of the first declaration.
 * Undefined when no part declares a type.
 * @param {Located[]} parts
 * @returns {{ types: string[], path: JsonPath } | undefined}
 */
export function declaredTypes(parts) {
  /** @type {{ types: string[], path: JsonPath } | undefined} */
  let found;
  for (const { value, path } of parts) {
    if (value.type === undefined) continue;
    const types = (Array.isArray(value.type) ? value.type : [value.type]).map(String);
    found =
      found === undefined
        ? { types, path: [...path, 'type'] }
        : { types: found.types.filter((type) => types.includes(type)), path: found.path };
  }
  return found;
}

/**
 * The values the parts allow through `enum` or `const` (intersection when
 * several parts restrict it), with the path of the first restriction.
 * Undefined when no part restricts the values.
 * @param {Located[]} parts
 * @returns {{ values: unknown[], path: JsonPath } | undefined}
 */
export function enumValues(parts) {
  /** @type {{ values: unknown[], path: JsonPath } | undefined} */
  let found;
  for (const { value, path } of parts) {
    /** @type {unknown[] | undefined} */
    let values;
    /** @type {JsonPath} */
    let at = path;
    if (Array.isArray(value.enum)) {
      values = value.enum;
      at = [...path, 'enum'];
    } else if ('const' in value) {
      values = [value.const];
      at = [...path, 'const'];
    }
    if (values === undefined) continue;
    const current = values;
    found =
      found === undefined
        ? { values: current, path: at }
        : { values: found.values.filter((v) => current.some((w) => sameJson(v, w))), path: found.path };
  }
  return found;
}

/**
 * Structural equality for JSON values (enough for enum members).
 * @param {unknown} left
 * @param {unknown} right
 * @returns {boolean}
 */
export function sameJson(left, right) {
  return JSON.stringify(left) === JSON.stringify(right);
}
