// @ts-check
// spectral:oas `oas3-unused-component`, made aware of split sources. The stock
// rule counts a component as used only when something references
// `#/components/<type>/<name>`. In a split source the root may list
//   components.schemas.UptimeTest: { $ref: components/schemas/UptimeTest.yaml }
// while the path files reference `../components/schemas/UptimeTest.yaml`
// directly, so every listed component is reported as unused although the
// bundle uses it. This rule runs the stock check, then keeps only the
// components that nothing else references through their file either.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';

/** @typedef {import('./lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('./lib/json-value.js').RulesetFunctionContext} RulesetFunctionContext */

const findUnreferencedComponents = oas.rules['oas3-unused-component'].then.function;

export default createRulesetFunction(
  {
    input: { type: 'object', properties: { components: { type: 'object' } }, required: ['components'] },
    options: null,
  },
  /**
   * @param {{ components: Record<string, unknown> }} document the unresolved root document (`resolved: false`)
   * @returns {Promise<IFunctionResult[]>}
   */
  async function oas3UnusedComponent(document, _options, context) {
    const results = (await findUnreferencedComponents(document, null, context)) ?? [];
    return results.filter((result) => !usedThroughItsFile(result.path ?? [], context));
  },
);

/**
 * True when the root's component entry is a `$ref` to another file (or a part
 * of one) and some other reference, in any file, points at that same target.
 * @param {import('./lib/json-value.js').JsonPath} componentPath e.g. `['components', 'schemas', 'UptimeTest']`
 * @param {RulesetFunctionContext} context
 * @returns {boolean}
 */
function usedThroughItsFile(componentPath, context) {
  const graph = context.documentInventory.graph;
  const root = context.document.source;
  if (graph === null || root === null) return false;
  // Component names are `^[a-zA-Z0-9._-]+$` in OpenAPI, so no pointer escaping is needed.
  const entryPointer = `#/${componentPath.join('/')}`;
  const target = graph.hasNode(root) ? graph.getNodeData(root).refMap[entryPointer] : undefined;
  if (target === undefined || target.startsWith('#')) return false;
  return graph
    .overallOrder()
    .some((source) =>
      Object.entries(graph.getNodeData(source).refMap ?? {}).some(
        ([pointer, ref]) => ref === target && !(source === root && pointer === entryPointer),
      ),
    );
}
