// Guides name external values (API host, dashboard and token pages, package
// names, repositories, the Terraform source) as `%brand.<path>%` tokens, and
// this remark plugin writes the brand config's value in at build time: in
// prose, inline code, code blocks, link URLs and JSX string attributes. So a
// value lives in brand.ts only, and a page never shows a token: an unknown
// path fails the build. test/brand.test.ts fails on a brand value typed in a
// guide.
import type { Brand } from '../../brand';

export const TOKEN = /%brand\.([A-Za-z0-9_.]+)%/g;

/**
 * Every string of the brand config by dotted path: `apiBaseUrl`,
 * `terraform.version`, `clients.go.prompt` (clients by their `key`).
 */
export function brandValues(brand: Brand): Map<string, string> {
  const values = new Map<string, string>();
  // Loaded through the config's loader (jiti), the module's default export
  // also carries the named exports: `brand.brand === brand`. Walk each object once.
  const seen = new WeakSet<object>();
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object') {
      if (seen.has(value)) return;
      seen.add(value);
    }
    if (typeof value === 'string' || typeof value === 'number') values.set(path, String(value));
    else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) {
        const key = item && typeof item === 'object' && 'key' in item ? String(item.key) : String(i);
        walk(item, `${path}.${key}`);
      }
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
    }
  };
  walk(brand, '');
  return values;
}

/** Replaces every token in `text`; throws on an unknown path, naming `where`. */
export function fillBrand(text: string, values: Map<string, string>, where = 'a guide'): string {
  return text.replace(TOKEN, (_, path: string) => {
    const value = values.get(path);
    if (value === undefined) throw new Error(`${where}: unknown brand value %brand.${path}% (see brand.ts)`);
    return value;
  });
}

interface Node {
  type: string;
  value?: unknown;
  url?: string;
  /** A JSX element's list; an admonition's (a directive) is an object of its own. */
  attributes?: { type: string; value?: unknown }[] | Record<string, unknown>;
  children?: Node[];
}

/**
 * The remark plugin: `[remarkBrand, { values: Object.fromEntries(brandValues(brand)) }]`.
 * Plain strings as options: Docusaurus hashes the options with JSON.stringify.
 */
export function remarkBrand(options: { values: Record<string, string> }) {
  const values = new Map(Object.entries(options.values));
  return (tree: Node, file: { path?: string }) => {
    const where = file.path ?? 'a guide';
    const visit = (node: Node) => {
      if (typeof node.value === 'string' && node.type !== 'mdxjsEsm') node.value = fillBrand(node.value, values, where);
      if (typeof node.url === 'string') node.url = fillBrand(node.url, values, where);
      for (const attribute of Array.isArray(node.attributes) ? node.attributes : []) {
        if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string')
          attribute.value = fillBrand(attribute.value, values, where);
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
