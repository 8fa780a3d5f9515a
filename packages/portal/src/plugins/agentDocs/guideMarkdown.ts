// A guide's MDX as plain Markdown: imports and front matter dropped, every
// `{expression}` evaluated, every component replaced by the words it renders
// (the same functions the components call: src/components/*Text.ts), and
// links to other guides pointed at their Markdown twins. A component or an
// import this file does not know fails the build, naming the guide: a twin
// that silently lost a value would be worse than none.
import spec from '@webmon/spec/openapi.json';
import type {
  Code,
  Link,
  List,
  ListItem,
  Nodes,
  Paragraph,
  Parents,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableRow,
} from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { callOf, formModel, formSamples, initialValues, type OperationInput } from '@webmon/try-it';
import { brand } from '../../../brand';
import servers from '../../../generated/api-servers.json';
import clientMethods from '../../../generated/client-methods.json';
import { operationIndex } from '../../api/operationIndex';
import { methodRows } from '../../components/clientMethodRows';
import { rateLimitHeaderText, rateLimitText, rateLimits } from '../../components/rateLimitText';
import {
  boundsText,
  defaultText,
  maximumText,
  minimumText,
  type OneOfLast,
  oneOfParts,
  type SchemaValues,
} from '../../components/specValueText';
import { brandValues, remarkBrand } from '../../remark/brandTokens';
import { remarkOutputs } from '../../remark/outputs';
import { fence } from './operationMarkdown';

type Props = Record<string, unknown>;
type Rendered = (PhrasingContent | Code | Table)[];

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const inlineCode = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const schemaProp = (props: Props): SchemaValues => props.of as SchemaValues;
const unit = (props: Props) => (typeof props.unit === 'string' ? props.unit : undefined);

/** What each imported component renders, as Markdown; keyed `module#export`. */
const COMPONENTS: Record<string, (props: Props, scope: Scope) => Rendered> = {
  '@site/src/components/RateLimit#RateLimit': (p) => [text(rateLimitText(p.per === 'minute' ? 'minute' : 'second'))],
  '@site/src/components/RateLimit#RateLimitHeader': (p) => [
    inlineCode(rateLimitHeaderText(p.hit === 'minute' ? 'minute' : 'second')),
  ],
  '@site/src/components/SpecValue#Bounds': (p) => [text(boundsText(schemaProp(p), unit(p)))],
  '@site/src/components/SpecValue#Minimum': (p) => [text(minimumText(schemaProp(p), unit(p)))],
  '@site/src/components/SpecValue#Maximum': (p) => [text(maximumText(schemaProp(p), unit(p)))],
  '@site/src/components/SpecValue#Default': (p) => [text(defaultText(schemaProp(p), unit(p)))],
  '@site/src/components/SpecValue#OneOf': (p) =>
    oneOfParts(schemaProp(p), (p.last as OneOfLast | undefined) ?? 'or').flatMap(({ before, value }) => [
      ...(before ? [text(before)] : []),
      p.code === false ? text(value) : inlineCode(value),
    ]),
  // The same columns as the component's table, from brand.ts.
  '@site/src/components/ClientLibraries#ClientLibraries': () => {
    const row = (cells: PhrasingContent[][]): TableRow => ({
      type: 'tableRow',
      children: cells.map((children) => ({ type: 'tableCell', children })),
    });
    const header = row(['Language', 'Status', 'Install', 'Repository'].map((title) => [text(title)]));
    const rows = brand.clients.map((client) =>
      row([
        [text(client.title)],
        [text(client.status)],
        [inlineCode(client.prompt)],
        [{ type: 'link', url: client.href, children: [text(client.href.replace('https://github.com/', ''))] }],
      ]),
    );
    return [{ type: 'table', align: [], children: [header, ...rows] }];
  },
  // The same rows as the component's table, from the built client's methods.
  '@site/src/components/ClientMethods#ClientMethods': () => {
    const row = (cells: PhrasingContent[][]): TableRow => ({
      type: 'tableRow',
      children: cells.map((children) => ({ type: 'tableCell', children })),
    });
    const header = row([[text('Group')], [text('Methods')]]);
    const rows = methodRows(clientMethods).map(({ groups, methods }) =>
      row([
        groups.flatMap((group, i) => [...(i ? [text(', ')] : []), inlineCode(`client.${group}`)]),
        methods.flatMap((method, i) => [...(i ? [text(', ')] : []), inlineCode(method)]),
      ]),
    );
    return [{ type: 'table', align: [], children: [header, ...rows] }];
  },
  // The panel's header (the call, and its reference page's twin) and the cURL of the call it starts with.
  '@site/src/components/TryInSandbox#default': (p, scope) => {
    const entry = operationIndex.get(String(p.operationId));
    if (!entry) throw new Error(`no operation ${String(p.operationId)} in the API description`);
    const header: Rendered = [
      { type: 'strong', children: [text('Try it:')] },
      text(' '),
      inlineCode(`${entry.method.toUpperCase()} ${servers[0]?.url ?? ''}${entry.path}`),
      text(' ('),
      { type: 'link', url: scope.resolveLink(`pathname:///api/${entry.id}`), children: [text(entry.summary)] },
      text('; on the page, a try-it panel on the sandbox in your browser)'),
    ];
    const operation = scope.operations?.get(entry.id);
    if (!operation) return header;
    const model = formModel(operation);
    const values = { ...initialValues(model) };
    // `idFrom`: the path value is an earlier step's answer, shown as its placeholder.
    if (p.idFrom) for (const field of model.fields) if (field.in === 'path') values[field.key] = '';
    const curl = formSamples(model, callOf(model, values)).find((sample) => sample.lang === 'cURL');
    return curl ? [...header, { type: 'code', lang: 'bash', value: curl.source }] : header;
  },
  '@site/src/components/JsonExample#JsonExample': (p) => {
    if (p.value === undefined) throw new Error('JsonExample: no example at this place of the API description');
    return [{ type: 'code', lang: 'json', value: JSON.stringify(p.value, null, p.compact ? undefined : 2) }];
  },
};

/**
 * Components that wrap Markdown, by what they put around it; keyed
 * `module#export`. Tabs show one panel at a time: the twin shows every
 * panel, each under its label.
 */
const CONTAINERS: Record<string, (props: Props, children: Nodes[]) => Nodes[]> = {
  '@theme/Tabs#default': (_, children) => children,
  '@theme/TabItem#default': (p, children) => [
    { type: 'paragraph', children: [{ type: 'strong', children: [text(String(p.label ?? p.value))] }] },
    ...children,
  ],
};

/** The values a guide may import and use in `{expressions}`; keyed `module#export`. */
const VALUES: Record<string, unknown> = {
  '@webmon/spec/openapi.json#default': spec,
  '@site/src/components/RateLimit#rateLimits': rateLimits,
};

/** A guide's link to another page, pointed at its twin; unchanged when it has none. */
export type LinkResolver = (url: string) => string;

interface Scope {
  /** Local name to `module#export`. */
  bindings: Map<string, string>;
  file: string;
  resolveLink: LinkResolver;
  /** The operations as the try-it reads them (with the client's method), for the calls a guide's panels make. */
  operations?: ReadonlyMap<string, OperationInput>;
}

interface EstreeImport {
  type: string;
  source?: { value?: unknown };
  specifiers?: { type: string; local: { name: string }; imported?: { name?: string; value?: string } }[];
}

function collectImports(tree: Root, file: string): Map<string, string> {
  const bindings = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const body = (node.data?.estree?.body ?? []) as EstreeImport[];
    for (const statement of body) {
      if (statement.type !== 'ImportDeclaration') throw new Error(`${file}: only imports are supported, not exports`);
      const source = String(statement.source?.value);
      for (const specifier of statement.specifiers ?? []) {
        const name =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : (specifier.imported?.name ?? specifier.imported?.value ?? specifier.local.name);
        bindings.set(specifier.local.name, `${source}#${name}`);
      }
    }
  }
  return bindings;
}

/** Evaluates a guide's `{expression}` with its imports in scope (build time, the site's own source). */
function evaluate(source: string, scope: Scope): unknown {
  const names = [...scope.bindings.keys()];
  const values = names.map((name) => {
    const key = scope.bindings.get(name) ?? '';
    return key in VALUES ? VALUES[key] : undefined;
  });
  try {
    return new Function(...names, `"use strict"; return (${source});`)(...values);
  } catch (error) {
    throw new Error(`${scope.file}: cannot evaluate {${source}} for the Markdown twin: ${String(error)}`);
  }
}

function valueText(value: unknown, source: string, scope: Scope): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${scope.file}: {${source}} is not text (${typeof value}); the Markdown twin cannot show it`);
}

function propsOf(node: MdxJsxFlowElement | MdxJsxTextElement, scope: Scope): Props {
  const props: Props = {};
  for (const attribute of node.attributes as (MdxJsxAttribute | MdxJsxExpressionAttribute)[]) {
    if (attribute.type === 'mdxJsxExpressionAttribute')
      throw new Error(`${scope.file}: <${node.name} {...spread}> is not supported in guides`);
    const { name, value } = attribute;
    if (value === null || value === undefined) props[name] = true;
    else if (typeof value === 'string') props[name] = value;
    else props[name] = evaluate(value.value, scope);
  }
  return props;
}

/** The plain text of rendered phrasing, for `<code>` around a component. */
function plain(nodes: Rendered): string {
  return nodes
    .map((node) =>
      'value' in node && typeof node.value === 'string'
        ? node.value
        : 'children' in node
          ? plain(node.children as Rendered)
          : '',
    )
    .join('');
}

/** The HTML elements a guide may write in JSX, as Markdown. */
function renderHtml(node: MdxJsxFlowElement | MdxJsxTextElement, scope: Scope): Rendered {
  const children = () => renderChildren(node.children as Nodes[], scope) as PhrasingContent[];
  switch (node.name) {
    case 'code':
      return [inlineCode(plain(children()))];
    case 'strong':
      return [{ type: 'strong', children: children() }];
    case 'em':
      return [{ type: 'emphasis', children: children() }];
    case 'br':
      return [{ type: 'break' }];
    default:
      throw new Error(
        `${scope.file}: <${node.name}> has no Markdown form; add it to renderHtml in src/plugins/agentDocs/guideMarkdown.ts`,
      );
  }
}

function renderJsx(node: MdxJsxFlowElement | MdxJsxTextElement, scope: Scope): Rendered {
  const name = node.name ?? '';
  if (/^[a-z]/.test(name)) return renderHtml(node, scope);
  const key = scope.bindings.get(name);
  const render = key ? COMPONENTS[key] : undefined;
  if (!render)
    throw new Error(
      `${scope.file}: <${name}>${key ? ` (${key})` : ''} has no Markdown form; add it to COMPONENTS in src/plugins/agentDocs/guideMarkdown.ts`,
    );
  try {
    return render(propsOf(node, scope), scope);
  } catch (error) {
    throw new Error(`${scope.file}: <${name}>: ${String(error)}`);
  }
}

/** A node's replacement: none (imports, front matter, comments), itself transformed, or rendered nodes. */
function renderNode(node: Nodes, scope: Scope): Nodes[] {
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      // `{/* a comment */}` has no statement.
      if (!node.data?.estree?.body.length) return [];
      const value = valueText(evaluate(node.value, scope), node.value, scope);
      return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [text(value)] }] : [text(value)];
    }
    case 'mdxJsxFlowElement': {
      if (node.name === 'dl') return [definitionList(node, scope)];
      const container = CONTAINERS[scope.bindings.get(node.name ?? '') ?? ''];
      if (container) return container(propsOf(node, scope), renderChildren(node.children as Nodes[], scope));
      const rendered = renderJsx(node, scope);
      // Phrasing at block level goes into a paragraph; code blocks stay blocks.
      const blocks: Nodes[] = [];
      let paragraph: Paragraph | undefined;
      for (const part of rendered) {
        if (part.type === 'code' || part.type === 'table') {
          blocks.push(part);
          paragraph = undefined;
        } else {
          if (!paragraph) blocks.push((paragraph = { type: 'paragraph', children: [] }));
          paragraph.children.push(part);
        }
      }
      return blocks;
    }
    case 'mdxJsxTextElement':
      return renderJsx(node, scope).map((part) => {
        if (part.type === 'table') throw new Error(`${scope.file}: <${node.name}> (a table) inside a paragraph`);
        return part.type === 'code' ? inlineCode(part.value) : part;
      });
    case 'link':
      return [
        {
          ...node,
          url: scope.resolveLink(node.url),
          children: renderChildren(node.children, scope) as Link['children'],
        },
      ];
    case 'code': {
      // Only the title of the meta (`title="x.ts" run group` marks the guide-examples test's runs).
      const title = node.meta ? /\btitle="[^"]*"/.exec(node.meta)?.[0] : undefined;
      return [{ ...node, meta: title ?? null }];
    }
    default:
      if ('children' in node)
        return [{ ...node, children: renderChildren(node.children as Nodes[], scope) } as Parents];
      return [node];
  }
}

/** Rendered children as phrasing: paragraphs (an element on lines of its own) unwrapped. */
function phrasingOf(children: readonly Nodes[], scope: Scope): PhrasingContent[] {
  return renderChildren(children, scope).flatMap((node) =>
    node.type === 'paragraph' ? node.children : [node as PhrasingContent],
  );
}

/** `<dl>`'s `<dt>` and `<dd>` (on lines of their own they are parsed as paragraphs of elements). */
function definitionParts(children: readonly Nodes[], scope: Scope): (MdxJsxFlowElement | MdxJsxTextElement)[] {
  return children.flatMap((child) => {
    if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') return [child];
    if (child.type === 'paragraph') return definitionParts(child.children, scope);
    if (child.type === 'text' && !child.value.trim()) return [];
    if ((child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') && !child.data?.estree?.body.length)
      return [];
    throw new Error(`${scope.file}: <dl> holds ${child.type}; only <dt> and <dd>`);
  });
}

/** `<dl>`: one list item per term, `**term**: definition`. */
function definitionList(node: MdxJsxFlowElement, scope: Scope): List {
  const items: ListItem[] = [];
  for (const part of definitionParts(node.children as Nodes[], scope)) {
    const content = phrasingOf(part.children as Nodes[], scope);
    if (part.name === 'dt') {
      const term: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: content }] };
      items.push({ type: 'listItem', spread: false, children: [term] });
    } else if (part.name === 'dd') {
      const paragraph = items.at(-1)?.children[0];
      if (paragraph?.type !== 'paragraph') throw new Error(`${scope.file}: <dd> before any <dt>`);
      paragraph.children.push(text(': '), ...content);
    } else throw new Error(`${scope.file}: <dl> holds <${part.name}>; only <dt> and <dd>`);
  }
  return { type: 'list', ordered: false, spread: false, children: items };
}

function renderChildren(children: readonly Nodes[], scope: Scope): Nodes[] {
  return children.flatMap((child) => renderNode(child, scope));
}

const BRAND_VALUES = Object.fromEntries(brandValues(brand));

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm);
// No remark-mdx here: an MDX node left in the tree cannot be written, and fails.
const writer = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-', emphasis: '_', listItemIndent: 'one' });

/**
 * A guide as Markdown. `title` heads it when the MDX has no `# heading` of
 * its own (Docusaurus then shows the front matter's title).
 */
/**
 * `:::warning[Title]` ... `:::` (Docusaurus admonitions, a syntax plain
 * Markdown lacks) as a quote that starts with its title in bold.
 */
export function admonitionsAsQuotes(source: string): string {
  return source.replace(
    /^:::(\w+)(?:\[([^\]\n]*)\])?\n([\s\S]*?)\n:::$/gm,
    (_, type: string, title: string | undefined, body: string) => {
      const heading = `**${title ?? type.charAt(0).toUpperCase() + type.slice(1)}.**`;
      return [heading, ...body.split('\n')].map((line) => (line ? `> ${line}` : '>')).join('\n');
    },
  );
}

export function guideMarkdown(
  source: string,
  options: {
    file: string;
    title: string;
    resolveLink: LinkResolver;
    operations?: ReadonlyMap<string, OperationInput>;
  },
): string {
  const tree = parser.parse(admonitionsAsQuotes(source)) as Root;
  // `%brand.x%` tokens, filled in by the same remark step as the pages' (docusaurus.config.ts).
  remarkBrand({ values: BRAND_VALUES })(tree as Parameters<ReturnType<typeof remarkBrand>>[0], { path: options.file });
  // Outputs labelled and answers pretty-printed, as on the page.
  remarkOutputs()(tree);
  const scope: Scope = {
    bindings: collectImports(tree, options.file),
    file: options.file,
    resolveLink: options.resolveLink,
    ...(options.operations ? { operations: options.operations } : {}),
  };
  const children = renderChildren(tree.children, scope) as RootContent[];
  const first = children.find((node) => node.type === 'heading');
  if (first?.type !== 'heading' || first.depth !== 1)
    children.unshift({ type: 'heading', depth: 1, children: [{ type: 'text', value: options.title }] });
  return writer.stringify({ type: 'root', children });
}

export { fence };
