import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import generated from './api-docs/sidebar';

/**
 * The API reference's one sidebar, `api`: the sidebar the reference plugin
 * writes (`pnpm generate`) into api-docs/sidebar.ts, grouped by the bundle's
 * `x-tagGroups` (Features, Alerting, Monitoring Locations), then Schemas.
 *
 * One change: the plugin repeats the info page (the introduction at /api/) as
 * the first item of every tag group; here it is listed once, on top.
 *
 * The generated file exists only after `pnpm generate`: turbo's lint task runs
 * after the portal's build for it.
 */
interface Item {
  type: string;
  id?: string;
  items?: Item[];
}

const apiDocs = fileURLToPath(new URL('./api-docs/', import.meta.url));
const infoIds = readdirSync(apiDocs)
  .filter((file) => file.endsWith('.info.mdx'))
  .map((file) => file.replace(/\.info\.mdx$/, ''));

const groups = (generated as unknown as Item[]).map((group) =>
  group.items
    ? { ...group, items: group.items.filter((item) => !(item.type === 'doc' && item.id && infoIds.includes(item.id))) }
    : group,
);

const sidebars: Record<string, unknown[]> = {
  api: [
    ...infoIds.map((id) => ({ type: 'doc', id, label: 'Introduction' })),
    // Written beside the pages by scripts/api-changes.mjs.
    { type: 'doc', id: 'api-changes', label: 'API changes' },
    ...groups,
  ],
};

export default sidebars;
