// @ts-check
/**
 * The reference's overview at /api/ (src/api/ApiOverview.tsx): every
 * operation, grouped as the sidebar groups them (the bundle's `x-tagGroups`,
 * then each tag in its group's order), with its method, path and summary.
 * Written at build time by scripts/prepare-api.mjs into
 * generated/api-overview.json, which the introduction page imports
 * (src/api/info.mustache). Operations in no group come last, under "Other".
 */
import { listOperations } from '@webmon/openapi-core';

/**
 * @typedef {{ id: string, method: string, path: string, summary: string }} OverviewOperation
 * @typedef {{ tag: string, label: string, operations: OverviewOperation[] }} OverviewTag
 * @typedef {{ group: string, tags: OverviewTag[] }} OverviewGroup
 */

/**
 * @param {unknown} spec the bundle
 * @returns {OverviewGroup[]}
 */
export function apiOverview(spec) {
  const doc =
    /** @type {{ tags?: { name: string, 'x-displayName'?: string }[], 'x-tagGroups'?: { name: string, tags: string[] }[] }} */ (
      spec
    );
  /** @type {Map<string, OverviewOperation[]>} */
  const byTag = new Map();
  for (const { operationId, method, path, operation } of listOperations(spec)) {
    const { tags = [], summary = operationId } = /** @type {{ tags?: string[], summary?: string }} */ (operation);
    const tag = tags[0] ?? '';
    byTag.set(tag, [...(byTag.get(tag) ?? []), { id: operationId, method, path, summary }]);
  }
  const label = (/** @type {string} */ tag) => doc.tags?.find((t) => t.name === tag)?.['x-displayName'] ?? tag;
  const listed = new Set();
  /** @type {OverviewGroup[]} */
  const groups = (doc['x-tagGroups'] ?? []).map(({ name, tags }) => ({
    group: name,
    tags: tags.flatMap((tag) => {
      listed.add(tag);
      const operations = byTag.get(tag) ?? [];
      return operations.length ? [{ tag, label: label(tag), operations }] : [];
    }),
  }));
  const rest = [...byTag].filter(([tag]) => !listed.has(tag));
  if (rest.length) {
    groups.push({
      group: 'Other',
      tags: rest.map(([tag, operations]) => ({ tag, label: tag ? label(tag) : 'Other', operations })),
    });
  }
  return groups;
}
