// The SDK guide's table of the JavaScript client's methods, as rows: the
// component (ClientMethods.tsx) and the guide's Markdown twin
// (src/plugins/agentDocs/guideMarkdown.ts) draw the same rows.

/** One group of the built client with its methods (generated/client-methods.json, scripts/prepare-api.mjs). */
export interface ClientGroup {
  group: string;
  methods: string[];
}

/** Groups with the same methods share a row; the rows with most methods come first. */
export function methodRows(groups: readonly ClientGroup[]): { groups: string[]; methods: string[] }[] {
  const rows = new Map<string, { groups: string[]; methods: string[] }>();
  for (const { group, methods } of groups) {
    const key = methods.join(',');
    const row = rows.get(key);
    if (row) row.groups.push(group);
    else rows.set(key, { groups: [group], methods });
  }
  return [...rows.values()].sort((a, b) => b.methods.length - a.methods.length);
}
