// @ts-check
// A step output is a value the recipe hands on; if no later step and no
// workflow output reads it, it is dead weight, or the step that should read it
// reads something else.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from '../../functions/lib/json-value.js';

/** @typedef {import('../../functions/lib/json-value.js').IFunctionResult} IFunctionResult */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} workflow an Arazzo Workflow Object
   * @returns {IFunctionResult[]}
   */
  function arazzoStepOutputRead(workflow, _options, context) {
    const steps = Array.isArray(workflow.steps) ? workflow.steps : [];
    /** @type {IFunctionResult[]} */
    const results = [];
    for (const [index, step] of steps.entries()) {
      if (!isObject(step) || !isObject(step.outputs)) continue;
      // Readers: the steps after this one, and the workflow's outputs.
      const readers = strings([steps.slice(index + 1), workflow.outputs]);
      for (const name of Object.keys(step.outputs)) {
        const reference = `$steps.${String(step.stepId)}.outputs.${name}`;
        if (readers.some((text) => reads(text, reference))) continue;
        results.push({
          message: `output ${name} of step ${String(step.stepId)} is read by no later step and no workflow output (${reference})`,
          path: [...context.path, 'steps', index, 'outputs', name],
        });
      }
    }
    return results;
  },
);

/**
 * Every string anywhere in `value` (keys included: a payload key may hold an expression).
 * @param {unknown} value
 * @returns {string[]}
 */
function strings(value) {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  return [];
}

/**
 * `text` holds the expression, whole or embedded (`{$steps.a.outputs.b}`), and
 * not only as the start of a longer name (`…outputs.id` in `…outputs.id_2`).
 * @param {string} text
 * @param {string} reference
 * @returns {boolean}
 */
function reads(text, reference) {
  for (let at = text.indexOf(reference); at !== -1; at = text.indexOf(reference, at + 1)) {
    if (!/^[\w-]/.test(text.slice(at + reference.length))) return true;
  }
  return false;
}
