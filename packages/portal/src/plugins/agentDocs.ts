import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, resolve } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { listOperations } from '@webmon/openapi-core';
import { operationInputs } from '@webmon/try-it';
import {
  type ChangelogVersion,
  changelogFeed,
  changelogIndex,
  versionMarkdown,
  versionTitle,
} from '../../scripts/api-changes.mjs';
import { apiOverview } from '../../scripts/api-overview.mjs';
import { brand } from '../../brand';
import { guideMarkdown } from './agentDocs/guideMarkdown';
import { type LlmsHeader, llmsFullTxt, llmsTxt, type TwinPage, type TwinSection } from './agentDocs/llmsTxt';
import { operationMarkdown, type Server } from './agentDocs/operationMarkdown';
import { recipeMarkdown } from './agentDocs/recipeMarkdown';
import type { RecipePage } from './recipes';

/**
 * Docs for agents (issue 17), written after the build next to the HTML:
 * - a Markdown twin of every guide, recipe and operation page at its path plus
 *   `.md` (`/guides/api/errors.md`, `/guides/recipes/monitor-a-site.md`,
 *   `/api/create-uptime-test.md`): guides from their MDX with the components'
 *   values resolved (agentDocs/guideMarkdown.ts), recipes from the recipes
 *   plugin's content (agentDocs/recipeMarkdown.ts), operations from the
 *   bundle the reference is generated from (agentDocs/operationMarkdown.ts);
 * - `/llms.txt`, one line per twin, and `/llms-full.txt`, all of them.
 * The pages' "Copy page" button (src/theme/DocItem/Content) copies the twin.
 *
 * Why not docusaurus-plugin-llms: it copies the MDX source and strips the JSX,
 * so every `<RateLimit />` or `<Bounds />` value would vanish, and the
 * reference's pages are all JSX (the operation would be lost entirely).
 */

/** The part of the docs plugin's loaded content read here. */
interface DocsContent {
  loadedVersions: {
    docs: {
      id: string;
      title: string;
      description: string;
      source: string;
      permalink: string;
      frontMatter: Record<string, unknown>;
    }[];
    sidebars: Record<string, SidebarItem[]>;
  }[];
}
type SidebarItem =
  | { type: 'doc'; id: string }
  | { type: 'category'; label: string; items: SidebarItem[] }
  | { type: string };

function docsContent(
  plugins: readonly { name: string; options: { id?: string }; content: unknown }[],
  id: string,
): DocsContent['loadedVersions'][number] {
  const plugin = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs' && (p.options.id ?? 'default') === id);
  const version = (plugin?.content as DocsContent | undefined)?.loadedVersions?.[0];
  if (!version) throw new Error(`agent docs: no docs instance "${id}"`);
  return version;
}

/** `/guides/api/errors` (or `/api/`) to `/guides/api/errors.md` (`/api.md`). */
export const twinPath = (permalink: string): string => `${permalink.replace(/\/+$/, '')}.md`;

/** Doc ids of a sidebar, grouped by top-level category, in order. */
function sidebarGroups(items: readonly SidebarItem[]): { label: string; ids: string[] }[] {
  const idsOf = (list: readonly SidebarItem[]): string[] =>
    list.flatMap((item) =>
      'id' in item && item.type === 'doc' ? [item.id] : 'items' in item ? idsOf(item.items) : [],
    );
  return items.map((item) =>
    'items' in item && 'label' in item
      ? { label: item.label, ids: idsOf(item.items) }
      : { label: '', ids: idsOf([item]) },
  );
}

export default function agentDocs(context: LoadContext): Plugin {
  const { siteDir, siteConfig, baseUrl } = context;
  const require = createRequire(join(siteDir, 'package.json'));
  return {
    name: 'portal-agent-docs',
    async postBuild({ outDir, plugins }) {
      const origin = siteConfig.url.replace(/\/+$/, '');
      const write = (path: string, text: string) => {
        const file = join(outDir, path.slice(baseUrl.length));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      };

      // Guides, in the sidebar's order (a guide in no sidebar comes last).
      const guides = docsContent(plugins, 'default');
      const byFile = new Map(guides.docs.map((doc) => [resolve(siteDir, doc.source.replace(/^@site\//, '')), doc]));
      const api = docsContent(plugins, 'api');
      const twinRoutes = new Set<string>();
      for (const doc of guides.docs) twinRoutes.add(doc.permalink.replace(/\/+$/, ''));
      const recipes = plugins.find((p) => p.name === 'portal-recipes')?.content as RecipePage[] | undefined;
      if (!recipes) throw new Error('agent docs: no recipes plugin');
      for (const page of recipes) twinRoutes.add(`${baseUrl}${page.path}`);

      // The reference: the bundle the pages are generated from, and the spec's own servers.
      const bundle: unknown = JSON.parse(readFileSync(join(siteDir, 'generated', 'openapi.json'), 'utf8'));
      const spec = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8')) as {
        info: { title: string; version: string; summary?: string };
        servers?: Server[];
      };
      const operations = listOperations(bundle);
      // The guides' panels' calls (their samples need the client's method, which this copy of the bundle has).
      const tryItOperations = new Map(operationInputs(bundle).map((input) => [input.operationId, input]));
      const opPermalink = new Map<string, string>();
      for (const { operationId } of operations) {
        const doc = api.docs.find(
          (d) =>
            d.id === operationId ||
            (d.frontMatter.api as { operationId?: string } | undefined)?.operationId === operationId,
        );
        if (!doc) throw new Error(`agent docs: no reference page for operation ${operationId}`);
        opPermalink.set(operationId, doc.permalink);
        twinRoutes.add(doc.permalink.replace(/\/+$/, ''));
      }

      /** A guide's link: another guide's file or a page with a twin goes to the twin. */
      const linkFrom = (file: string) => (written: string) => {
        // `pathname:///api/` is Docusaurus's raw site path (`/api/`), not a URL to keep.
        const url = written.replace(/^pathname:\/\//, '');
        if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return url;
        const [path = '', hash = ''] = url.split(/(?=#)/);
        if (/\.mdx?$/.test(path) && !path.startsWith('/')) {
          const target = byFile.get(resolve(dirname(file), path));
          if (!target) throw new Error(`agent docs: ${file} links to ${url}, which is no guide`);
          return twinPath(target.permalink) + hash;
        }
        if (path.startsWith('/')) {
          const route = posix.join(baseUrl, path).replace(/\/+$/, '');
          return (twinRoutes.has(route) ? twinPath(route) : posix.join(baseUrl, path)) + hash;
        }
        return url;
      };

      const guidePage = (doc: DocsContent['loadedVersions'][number]['docs'][number]): TwinPage => {
        const file = resolve(siteDir, doc.source.replace(/^@site\//, ''));
        const markdown = guideMarkdown(readFileSync(file, 'utf8'), {
          file,
          title: doc.title,
          resolveLink: linkFrom(file),
          operations: tryItOperations,
        });
        write(twinPath(doc.permalink), markdown);
        return { title: doc.title, note: doc.description, url: origin + twinPath(doc.permalink), markdown };
      };
      const sections: TwinSection[] = [];
      const listed = new Set<string>();
      for (const [name, items] of Object.entries(guides.sidebars)) {
        for (const group of sidebarGroups(items)) {
          const docs = group.ids.flatMap((id) => guides.docs.filter((doc) => doc.id === id && !listed.has(id)));
          for (const doc of docs) listed.add(doc.id);
          if (docs.length)
            sections.push({
              title: `Guides${group.label ? `: ${group.label}` : name === 'guides' ? '' : `: ${name}`}`,
              pages: docs.map(guidePage),
            });
        }
      }
      const rest = guides.docs.filter((doc) => !listed.has(doc.id));
      if (rest.length) sections.push({ title: 'Guides: more', pages: rest.map(guidePage) });

      // Recipes: workflows across several calls, each step with its request, checks and outputs, and their code.
      sections.push({
        title: 'Recipes',
        pages: recipes.map((page) => {
          const route = `${baseUrl}${page.path}`;
          const markdown = recipeMarkdown(page, origin + route);
          write(twinPath(route), markdown);
          return { title: page.recipe.title, note: page.recipe.summary, url: origin + twinPath(route), markdown };
        }),
      });

      // Operations, grouped as the reference's sidebar and /api/ group them.
      const servers = spec.servers ?? [];
      for (const { group, tags } of apiOverview(bundle)) {
        for (const { label, operations: ops } of tags) {
          sections.push({
            title: `API reference: ${group === label ? label : `${group}, ${label}`}`,
            pages: ops.map(({ id, method, path, summary }) => {
              const entry = operations.find((op) => op.operationId === id);
              const permalink = opPermalink.get(id);
              if (!entry || !permalink) throw new Error(`agent docs: operation ${id} not found`);
              const markdown = operationMarkdown(bundle, servers, entry);
              write(twinPath(permalink), markdown);
              return {
                title: summary,
                note: `\`${method.toUpperCase()} ${path}\``,
                url: origin + twinPath(permalink),
                markdown,
              };
            }),
          });
        }
      }

      // The changelog (scripts/api-changes.mjs): its index, a page per version, and its Atom feed.
      const versions = JSON.parse(
        readFileSync(join(siteDir, 'generated', 'api-changes.json'), 'utf8'),
      ) as ChangelogVersion[];
      const changelog = `${baseUrl}api/api-changes`;
      const changelogPages: TwinPage[] = [
        {
          title: 'API changes',
          note: 'every change to the API, release by release',
          url: `${origin}${changelog}.md`,
          markdown: `# API changes\n\n${changelogIndex(versions, {
            page: (id) => `${origin}${changelog}/${id}.md`,
            feed: `${origin}${changelog}.xml`,
          })}`,
        },
        ...versions.map((version) => ({
          title: versionTitle(version),
          note: version.summary,
          url: `${origin}${changelog}/${version.id}.md`,
          markdown: `# ${versionTitle(version)}\n\n${versionMarkdown(version)}`,
        })),
      ];
      for (const page of changelogPages) write(page.url.slice(origin.length), page.markdown);
      sections.push({ title: 'API changes', pages: changelogPages });
      write(
        `${changelog}.xml`,
        changelogFeed(versions, { origin: `${origin}${baseUrl.replace(/\/$/, '')}`, title: spec.info.title }),
      );

      const header: LlmsHeader = {
        title: `${spec.info.title} ${spec.info.version}`,
        summary: spec.info.summary ?? siteConfig.tagline,
        details: [
          "Every page below is Markdown: the guides; the recipes, workflows across several calls with each step's request, success criteria and outputs, and the whole workflow as code (cURL, TypeScript, Go) to run against the mock; then one page per operation with its parameters, body fields and their bounds, responses and code samples (cURL, Go, JavaScript with @webmon/ts-client).",
          `Calls carry \`Authorization: Bearer <token>\`; request bodies are form-encoded with arrays as \`tags[]=a&tags[]=b\`. The mock API (\`${brand.mockServer.command}\`, \`http://localhost:4010/v1\`) accepts any token.`,
        ],
        optional: [
          {
            title: 'OpenAPI description (YAML)',
            url: `${origin}${baseUrl}openapi.yaml`,
            note: 'the whole API in one file, the source of every page here',
          },
          { title: 'OpenAPI description (JSON)', url: `${origin}${baseUrl}openapi.json`, note: 'the same, as JSON' },
          {
            title: 'Everything in one file',
            url: `${origin}${baseUrl}llms-full.txt`,
            note: 'every page above, in this order',
          },
        ],
      };
      write(`${baseUrl}llms.txt`, llmsTxt(header, sections));
      write(`${baseUrl}llms-full.txt`, llmsFullTxt(header, sections));
      const pages = sections.reduce((n, s) => n + s.pages.length, 0);
      console.log(
        `agent docs: ${pages} Markdown twins (${guides.docs.length} guides, ${recipes.length} recipes, ${operations.length} operations), llms.txt, llms-full.txt`,
      );
    },
  };
}
