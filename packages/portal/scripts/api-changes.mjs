// @ts-check
/**
 * The changelog (/api/api-changes): a page per release, newest first, and on
 * top "Unreleased" (dev and preview builds: the bundle being built against the
 * last release) or the version being released (PORTAL_RELEASE=1, the release
 * pipeline). Written at build (scripts/prepare-api.mjs) and by `pnpm dev` on
 * every save (scripts/dev-pages.mjs) from api-diff's changes between the
 * released bundles kept in packages/spec/released/ (openapi.json, the last
 * release, and any older one as openapi-<version>.json): never by hand.
 *
 * Each change becomes a plain sentence under its resource ("Uptime checks:
 * `timeout` now accepts up to 60 seconds (was 75)."); one sentence for a
 * change seen in several operations or fields. Breaking changes come first,
 * then corrections of the description (released/corrections.yaml, their
 * reason said to the reader), then the rest by resource. The pages, their
 * Markdown twins and the Atom feed (src/plugins/agentDocs.ts) are drawn from
 * the one model written to generated/api-changes.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { diffBundles, readCorrections, verdict } from '@webmon/api-diff';
import { listOperations, mergeAllOf } from '@webmon/openapi-core';
import { parse } from 'yaml';

/** @typedef {{ info: { version: string } } & Record<string, unknown>} Bundle */
/** @typedef {import('@webmon/api-diff').Change} Change */
/** @typedef {{ resource: string, sentences: string[] }} ResourceChanges one resource's sentences (Markdown: text, `code` and [links](/api/x)) */
/**
 * @typedef {object} ChangelogVersion one page
 * @property {string} id the page's doc id below api-changes/ (`unreleased`, `v1-2-0`)
 * @property {string} title `Unreleased`, `1.2.0`
 * @property {string} [date] ISO date of the release (or of the last change to the description, when unreleased)
 * @property {string} summary one line
 * @property {ResourceChanges[]} breaking
 * @property {{ reason: string, changes: ResourceChanges[] }[]} corrections
 * @property {ResourceChanges[]} changes additions and other changes
 */

/** The sections of a version's page, in order. */
export const HEADINGS = {
  breaking: 'Breaking changes',
  corrections: 'Corrections to the description',
};

/** @param {string} a @param {string} b */
const byVersion = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split(/[.-]/).map((part) => Number(part) || 0));
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/** Markdown text: its punctuation taken literally (MDX's too). @param {string} text */
const literal = (text) => text.replace(/[\\`*_{}[\]<>|#!]/g, (character) => `\\${character}`);
/** Inline code, whatever backticks it holds. @param {string} text */
const code = (text) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
/** `1, 2 and 3`. @param {string[]} items */
const list = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
/** 9007199254740991 as 9,007,199,254,740,991. @param {string} value */
const number = (value) => (/^-?\d+$/.test(value) ? Number(value).toLocaleString('en-US') : value);

/**
 * What the reader calls each tag's resource: the words its list operation's
 * summary names ("List uptime checks": "Uptime checks"); the words common to
 * its list operations when it has several ("List uptime monitoring locations",
 * "List pagespeed monitoring locations": "Monitoring locations").
 * @param {Bundle} bundle @returns {Map<string, string>} operation label (`POST /uptime`) to resource
 */
function resourcesOf(bundle) {
  /** @type {Map<string, string[][]>} */
  const lists = new Map();
  const operations = listOperations(bundle);
  for (const { method, path, operation } of operations) {
    const [tag] = /** @type {string[]} */ (operation.tags ?? []);
    const summary = String(operation.summary ?? '');
    if (tag && method === 'get' && !path.includes('{') && /^List /.test(summary))
      lists.set(tag, [...(lists.get(tag) ?? []), summary.replace(/^List /, '').split(' ')]);
  }
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const [tag, summaries] of lists) {
    const [first = []] = summaries;
    let common = first.length;
    for (const words of summaries)
      while (common > 0 && words.slice(-common).join(' ') !== first.slice(-common).join(' ')) common--;
    names.set(tag, capital(first.slice(-common).join(' ')));
  }
  const byOperation = new Map();
  for (const { method, path, operation } of operations) {
    const [tag] = /** @type {string[]} */ (operation.tags ?? []);
    byOperation.set(`${method.toUpperCase()} ${path}`, names.get(tag) ?? capital(tag ?? 'The API'));
  }
  return byOperation;
}

/**
 * The schema at api-diff's `where` (`request body.timeout`, `200 response.data[].tags[]`,
 * `query limit`) in `bundle`'s operation `label`, if it is there.
 * @param {Bundle} bundle @param {string} label @param {string} where
 * @returns {Record<string, unknown> | undefined}
 */
function schemaAt(bundle, label, where) {
  const entry = listOperations(bundle).find(({ method, path }) => `${method.toUpperCase()} ${path}` === label);
  if (!entry) return undefined;
  const [, start, rest = ''] = where.match(/^(request body|\d{3} response|\w+ \S+?)(?:\.(.*))?$/) ?? [];
  /** @type {unknown} */
  let node;
  const content = (/** @type {unknown} */ holder) =>
    Object.values(/** @type {Record<string, { schema?: unknown }>} */ (mergeAllOf(bundle, holder).content ?? {}))[0]
      ?.schema;
  if (start === 'request body') node = content(entry.operation.requestBody);
  else if (start && /^\d{3} response$/.test(start))
    node = content(/** @type {Record<string, unknown>} */ (entry.operation.responses)?.[start.slice(0, 3)]);
  else node = entry.parameters.find((p) => `${p.in} ${p.name}` === start)?.schema;
  for (const part of rest ? rest.split('.') : []) {
    const [name = '', ...items] = part.split('[]');
    if (name) node = /** @type {Record<string, unknown> | undefined} */ (mergeAllOf(bundle, node).properties)?.[name];
    for (const _ of items) node = mergeAllOf(bundle, node).items;
  }
  return node === undefined ? undefined : mergeAllOf(bundle, node);
}

/** The unit a number field counts in, as its description says ("Seconds to wait…", "…, in minutes", "…this many milliseconds…"). @param {Record<string, unknown> | undefined} schema */
function unitOf(schema) {
  const description = String(schema?.description ?? '');
  const unit = description.match(/(?:^|\bin |\bmany )(milliseconds|seconds|minutes|hours|days)\b/i);
  return unit ? ` ${unit[1]?.toLowerCase()}` : '';
}

/**
 * Who a change is about, as the reader names it: a field, a parameter, a page of results, an operation.
 * @param {Change} change @param {string} link the operation's page
 * @returns {{ subject: string, direction: 'request' | 'response' | 'operation', plural: boolean }}
 */
function subjectOf({ operation, where, message }, link) {
  const one = (/** @type {string} */ subject, /** @type {'request' | 'response' | 'operation'} */ direction) => ({
    subject,
    direction,
    plural: false,
  });
  if (where === 'operation') return one(`[${code(operation)}](${link})`, 'operation');
  const parameter = where.match(/^(query|path|header|cookie) (.+)$/);
  if (parameter) return one(`the ${code(parameter[2] ?? '')} ${parameter[1]} parameter`, 'request');
  const field = (/** @type {string} */ path, /** @type {'request' | 'response'} */ direction) => {
    const items = path.match(/^(.*?)((\[\])+)$/);
    return items ? { subject: `${code(items[1] ?? '')} items`, direction, plural: true } : one(code(path), direction);
  };
  if (where === 'request body') return one('the request body', 'request');
  const body = where.match(/^request body\.(.+)$/);
  if (body) return field(body[1] ?? '', 'request');
  // A list's `data`: what a page of results holds.
  if (/^\d{3} response\.data$/.test(where) && /Items/.test(message)) return one('a page of results', 'response');
  const answer = where.match(/^\d{3} response(?:\.data(?:\[\])?)?(?:\.(.+))?$/);
  if (answer) return answer[1] ? field(answer[1], 'response') : one('the answer', 'response');
  return one(code(where), 'request');
}

/**
 * What happened to the subject, said in words: singular and plural forms.
 * @param {Change} change @param {'request' | 'response' | 'operation'} direction
 * @param {string} unit @param {string} summary the operation's summary
 * @returns {[string, string]}
 */
function predicateOf({ message }, direction, unit, summary) {
  const both = (/** @type {string} */ singular, plural = singular) =>
    /** @type {[string, string]} */ ([singular, plural]);
  const verb = (/** @type {string} */ singular) =>
    both(
      singular,
      singular.replace(
        /^(is|has|holds|matches|accepts)\b/,
        (word) => ({ is: 'are', has: 'have', holds: 'hold', matches: 'match', accepts: 'accept' })[word] ?? word,
      ),
    );
  const request = direction === 'request';
  let m;
  if (message === 'new operation') return both(`is new: ${literal(summary)}`, `are new`);
  if (message === 'operation removed') return both('was removed', 'were removed');
  if ((m = message.match(/^(maxLength|minLength) (\d+) added$/)))
    return verb(`is at ${m[1] === 'maxLength' ? 'most' : 'least'} ${number(m[2] ?? '')} characters long`);
  if ((m = message.match(/^(maxItems|minItems) (\d+) added$/)))
    return verb(`holds at ${m[1] === 'maxItems' ? 'most' : 'least'} ${number(m[2] ?? '')} items`);
  if ((m = message.match(/^(maxLength|minLength|maxItems|minItems) (\d+) removed$/)))
    return verb(
      `is no longer limited to ${m[1]?.startsWith('max') ? 'at most' : 'at least'} ${number(m[2] ?? '')} ${m[1]?.endsWith('Length') ? 'characters' : 'items'}`,
    );
  if ((m = message.match(/^(maxLength|minLength|maxItems|minItems) changed from (\d+) to (\d+)$/)))
    return verb(
      `is now at ${m[1]?.startsWith('max') ? 'most' : 'least'} ${number(m[3] ?? '')} ${m[1]?.endsWith('Length') ? 'characters long' : 'items'} (was ${number(m[2] ?? '')})`,
    );
  if (
    (m = message.match(
      /^(maximum|exclusiveMaximum|minimum|exclusiveMinimum) (?:changed from (\S+) to (\S+)|(\S+) (added|removed))$/,
    ))
  ) {
    const [, bound = '', was, is, value = '', how] = m;
    const phrase = {
      maximum: 'up to',
      exclusiveMaximum: 'values below',
      minimum: 'from',
      exclusiveMinimum: 'values above',
    }[bound];
    const limit = { maximum: 'at most', exclusiveMaximum: 'below', minimum: 'at least', exclusiveMinimum: 'above' }[
      bound
    ];
    if (how === 'removed') return verb(`is no longer limited to ${limit} ${number(value)}${unit}`);
    const now = number(is ?? value);
    const before = was === undefined ? '' : ` (was ${number(was)})`;
    return request
      ? verb(`now accepts ${phrase} ${now}${unit}${before}`)
      : verb(`is now ${limit} ${now}${unit}${before}`);
  }
  if ((m = message.match(/^pattern changed from (.+) to (.+)$/))) {
    const [was, is] = [m[1], m[2]].map((value) => (value === 'none' ? undefined : String(JSON.parse(value ?? '""'))));
    if (!is) return verb(`no longer has to match the pattern ${code(was ?? '')}`);
    return verb(`${request ? 'must match' : 'matches'} the pattern ${code(is)}${was ? ` (was ${code(was)})` : ''}`);
  }
  if ((m = message.match(/^format changed from (.+) to (.+)$/))) {
    const [was, is] = [m[1], m[2]].map((value) => (value === 'none' ? undefined : String(JSON.parse(value ?? '""'))));
    if (is === 'int64' && !was) return verb('is a 64-bit integer');
    if (!is) return verb(`no longer has the format ${code(was ?? '')}`);
    return verb(`has the format ${code(is)}${was ? ` (was ${code(was)})` : ''}`);
  }
  if ((m = message.match(/^type changed from (\S+) to (\S+)$/))) {
    const [was = [], is = []] = [m[1], m[2]].map((types) => (types ?? '').split('|'));
    if (was.includes('null') && !is.includes('null') && is.every((type) => was.includes(type)))
      return verb('is never null');
    return verb(`is now of type ${code(is.join(' or '))} (was ${code(was.join(' or '))})`);
  }
  if ((m = message.match(/^enum values (added|removed): (.+)$/))) {
    const values = list(
      /** @type {unknown[]} */ (JSON.parse(m[2] ?? '[]')).map((value) => code(JSON.stringify(value))),
    );
    if (m[1] === 'added') return verb(request ? `now accepts ${values}` : `can now be ${values}`);
    return verb(request ? `no longer accepts ${values}` : `is no longer ${values}`);
  }
  if ((m = message.match(/^enum added: (.+)$/)))
    return verb(
      `now takes only ${list(/** @type {unknown[]} */ (JSON.parse(m[1] ?? '[]')).map((value) => code(JSON.stringify(value))))}`,
    );
  if (message === 'enum removed (any value allowed)') return verb('now takes any value');
  if ((m = message.match(/^default changed from (.+?) to (.+?) \(/)))
    return verb(
      `now defaults to ${code(m[2] ?? '')} (was ${code(m[1] ?? '')}): calls that leave it out behave differently`,
    );
  const fixed = {
    'field may now be absent': 'may be left out',
    'field removed': request ? 'was removed: requests that send it are refused' : 'was removed',
    'field removed (requests that send it are now refused)': 'was removed: requests that send it are refused',
    'field became required': 'is now required',
    'new required field': 'is new and required',
    'new optional field': 'is new (optional)',
    'new field': 'is new',
    'parameter removed': 'was removed',
    'parameter became required': 'is now required',
    'new required parameter': 'is new and required',
    'new optional parameter': 'is new (optional)',
    'request body removed': 'was removed',
    'request body added': 'is now expected',
    'response body removed': 'no longer has a body',
  }[message];
  if (fixed) return verb(fixed);
  return verb(`changed: ${literal(message)}`);
}

/**
 * Changes as sentences by resource: one sentence per resource, direction and
 * predicate, naming every subject it applies to once.
 * @param {Change[]} changes @param {Bundle} bundle the newer bundle @param {Bundle} older
 * @returns {ResourceChanges[]}
 */
function sentences(changes, bundle, older) {
  const resources = new Map([...resourcesOf(older), ...resourcesOf(bundle)]);
  const summaries = new Map(
    [...listOperations(older), ...listOperations(bundle)].map(({ method, path, operation }) => [
      `${method.toUpperCase()} ${path}`,
      { summary: String(operation.summary ?? ''), id: String(operation.operationId) },
    ]),
  );
  // One change seen in several operations, or in requests and answers, is said once.
  /** @type {Map<string, { resource: string, subject: string, plural: boolean, change: Change, directions: Set<string> }>} */
  const seen = new Map();
  for (const change of changes) {
    const resource = resources.get(change.operation) ?? 'The API';
    const { id = '' } = summaries.get(change.operation) ?? {};
    const { subject, direction, plural } = subjectOf(change, `/api/${id}`);
    const key = `${resource}|${subject}|${change.message}`;
    const entry = seen.get(key) ?? { resource, subject, plural, change, directions: new Set() };
    seen.set(key, entry);
    entry.directions.add(direction);
  }
  /** @type {Map<string, Map<string, { inAnswers: boolean, predicate: [string, string], subjects: string[], plural: boolean }>>} */
  const grouped = new Map();
  for (const { resource, subject, plural, change, directions } of seen.values()) {
    const direction = directions.has('request') ? 'request' : directions.has('operation') ? 'operation' : 'response';
    const unit = unitOf(
      schemaAt(bundle, change.operation, change.where) ?? schemaAt(older, change.operation, change.where),
    );
    const predicate = predicateOf(change, direction, unit, summaries.get(change.operation)?.summary ?? '');
    const inAnswers = direction === 'response';
    const byPredicate = grouped.get(resource) ?? new Map();
    grouped.set(resource, byPredicate);
    const key = `${direction === 'operation' ? `${change.operation} ` : ''}${inAnswers}|${predicate[0]}`;
    const entry = byPredicate.get(key) ?? { inAnswers, predicate, subjects: [], plural: false };
    byPredicate.set(key, entry);
    entry.subjects.push(subject);
    entry.plural = entry.subjects.length > 1 || plural;
  }
  return [...grouped].map(([resource, byPredicate]) => ({
    resource,
    sentences: [...byPredicate.values()].map(
      ({ inAnswers, predicate, subjects, plural }) =>
        `${inAnswers ? 'in answers, ' : ''}${list(subjects)} ${predicate[plural ? 1 : 0]}.`,
    ),
  }));
}

/**
 * One version's page: api-diff's changes from `before` to `after`.
 * @param {{ id: string, title: string, date?: string }} page @param {Bundle} before @param {Bundle} after
 * @param {import('@webmon/api-diff').Correction[]} corrections
 * @returns {ChangelogVersion}
 */
function versionPage(page, before, after, corrections) {
  const result = verdict(diffBundles(before, after), before.info.version, after.info.version, 'text', corrections);
  // A field seen in requests and answers is one change to the reader: what the
  // answers gained with a correction is said with that correction.
  const field = (/** @type {Change} */ change) =>
    `${change.message}|${change.where.replace(/^(request body|\d{3} response(\.data(\[\])?)?)\.?/, '')}`;
  /** @type {Map<string, string>} */
  const reasonOf = new Map(result.corrected.map((change) => [field(change), change.why.trim()]));
  const reasons = [...new Set(reasonOf.values())];
  const others = [...result.features, ...result.info];
  const withReason = reasons.map((reason) => ({
    reason,
    changes: [...result.corrected, ...others].filter((change) => reasonOf.get(field(change)) === reason),
  }));
  const rest = others.filter((change) => !reasonOf.has(field(change)));
  const count = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    result.breaking.length ? count(result.breaking.length, 'breaking change') : 'no breaking change',
    ...(reasons.length ? [count(reasons.length, 'correction')] : []),
    ...(rest.some(({ severity }) => severity === 'feature')
      ? [count(rest.filter(({ severity }) => severity === 'feature').length, 'addition')]
      : []),
  ];
  const total = result.breaking.length + result.corrected.length + result.features.length + result.info.length;
  return {
    ...page,
    summary: total
      ? `${capital(list(parts))} since ${before.info.version}.`
      : `No change to the API since ${before.info.version}.`,
    breaking: sentences(result.breaking, after, before),
    corrections: withReason.map(({ reason, changes }) => ({ reason, changes: sentences(changes, after, before) })),
    changes: sentences(rest, after, before),
  };
}

/**
 * The changelog's pages, newest first.
 * @param {{ released: Bundle[], current: Bundle, corrections: import('@webmon/api-diff').Correction[], release: boolean, dates?: Record<string, string> }} input
 *   released: the released bundles, any order; current: the bundle being built;
 *   dates: release dates by version (and `unreleased`: the last change to the description).
 * @returns {ChangelogVersion[]}
 */
export function apiChanges({ released, current, corrections, release, dates = {} }) {
  const ordered = [...released].sort((a, b) => byVersion(b.info.version, a.info.version));
  const [last] = ordered;
  const idOf = (/** @type {string} */ version) => `v${version.replace(/\W/g, '-')}`;
  const dated = (/** @type {string} */ key) => (dates[key] ? { date: dates[key] } : {});
  /** @type {ChangelogVersion[]} */
  const pages = [];
  if (last) {
    const top = release
      ? versionPage(
          { id: idOf(current.info.version), title: current.info.version, ...dated(current.info.version) },
          last,
          current,
          corrections,
        )
      : versionPage({ id: 'unreleased', title: 'Unreleased', ...dated('unreleased') }, last, current, corrections);
    // An unreleased page with nothing on it says nothing.
    if (release || top.breaking.length + top.corrections.length + top.changes.length) pages.push(top);
  }
  for (const [index, bundle] of ordered.entries()) {
    const before = ordered[index + 1];
    const page = { id: idOf(bundle.info.version), title: bundle.info.version, ...dated(bundle.info.version) };
    pages.push(
      before
        ? versionPage(page, before, bundle, [])
        : {
            ...page,
            summary: 'The first release recorded here: the reference describes it in full.',
            breaking: [],
            corrections: [],
            changes: [],
          },
    );
  }
  return pages;
}

/** `Uptime checks: sentence` lines, for the sections that mix resources. @param {ResourceChanges[]} groups */
const prefixed = (groups) =>
  groups.flatMap(({ resource, sentences }) => sentences.map((sentence) => `- ${literal(resource)}: ${sentence}`));

/**
 * A version's page as Markdown (below its `#` title): the body of its MDX page
 * and of its Markdown twin, and (as HTML) its feed entry.
 * @param {ChangelogVersion} version
 */
export function versionMarkdown(version) {
  const lines = [
    version.date
      ? `${version.summary} ${version.title === 'Unreleased' ? 'Last change' : 'Released'} on ${version.date.slice(0, 10)}.`
      : version.summary,
    '',
  ];
  if (version.breaking.length || version.corrections.length || version.changes.length) {
    lines.push(`## ${HEADINGS.breaking}`, '');
    if (version.breaking.length)
      lines.push(
        'Code that relies on the old behaviour can fail after these changes: check each before you update.',
        '',
        ...prefixed(version.breaking),
        '',
      );
    else lines.push('None: code written for the previous version keeps working.', '');
  }
  if (version.corrections.length) {
    lines.push(
      `## ${HEADINGS.corrections}`,
      '',
      'The API already behaved like this; only its description said otherwise. Nothing changes for calls that worked.',
      '',
    );
    for (const { reason, changes } of version.corrections) lines.push(reason, '', ...prefixed(changes), '');
  }
  for (const { resource, sentences } of version.changes)
    lines.push(`## ${literal(resource)}`, '', ...sentences.map((sentence) => `- ${capital(sentence)}`), '');
  return lines.join('\n');
}

/** Titles as the sidebar and the feed show them. @param {ChangelogVersion} version */
export const versionTitle = (version) => (version.title === 'Unreleased' ? 'Unreleased' : `Version ${version.title}`);

/**
 * The changelog's index page (/api/api-changes): what the pages hold, the feed, each version in a line,
 * then every breaking change.
 * @param {ChangelogVersion[]} versions
 * @param {{ page: (id: string) => string, feed: string }} [links] where a version's page and the feed are
 *   (the pages' routes by default; the Markdown twin links to the twins)
 */
export function changelogIndex(
  versions,
  links = { page: (id) => `/api/api-changes/${id}`, feed: 'pathname:///api/api-changes.xml' },
) {
  const breaking = versions.flatMap((version) =>
    prefixed(version.breaking).map(
      (line) => `- [${literal(versionTitle(version))}](${links.page(version.id)}#breaking-changes): ${line.slice(2)}`,
    ),
  );
  return [
    'Every change to the API, release by release, newest first: breaking changes first, then corrections to the',
    'description, then what each resource gained. The pages are written from the released API descriptions at each',
    'build, so they list every change, and only real ones.',
    '',
    `[Subscribe to the Atom feed](${links.feed}) to hear of each release.`,
    '',
    '## Versions',
    '',
    ...versions.map(
      (version) => `- [${literal(versionTitle(version))}](${links.page(version.id)}): ${version.summary}`,
    ),
    '',
    // Every breaking change in one place: what a reader about to upgrade looks for.
    `## ${HEADINGS.breaking}`,
    '',
    ...(breaking.length
      ? ['Every breaking change of the versions above, newest first:', '', ...breaking]
      : ['None of the versions above has a breaking change.']),
    '',
  ].join('\n');
}

/** Text in XML or HTML. @param {string} text */
const escapeXml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** @param {string} title @param {string} description @param {string} [position] */
const frontMatter = (title, description, position) => [
  '---',
  `title: ${JSON.stringify(title)}`,
  `description: ${JSON.stringify(description)}`,
  ...(position ? [`sidebar_position: ${position}`] : []),
  '---',
  '',
];

/**
 * The Atom feed of the changelog: an entry per version page, the same sections as HTML.
 * @param {ChangelogVersion[]} versions @param {{ origin: string, title: string }} site origin: `https://developer.example.com`
 */
export function changelogFeed(versions, { origin, title }) {
  const url = (/** @type {string} */ path) => `${origin}${path}`;
  const dates = versions
    .map((version) => version.date)
    .filter((date) => date !== undefined)
    .sort();
  const updated = dates.at(-1) ?? new Date(0).toISOString();
  const entries = versions.map((version) => {
    const link = url(`/api/api-changes/${version.id}`);
    return [
      '  <entry>',
      `    <title>${escapeXml(versionTitle(version))}</title>`,
      `    <id>${escapeXml(link)}</id>`,
      `    <link href="${escapeXml(link)}"/>`,
      `    <updated>${version.date ?? updated}</updated>`,
      `    <summary>${escapeXml(version.summary)}</summary>`,
      `    <content type="html">${escapeXml(markdownHtml(versionMarkdown(version), url))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(`${title}: API changes`)}</title>`,
    `  <id>${escapeXml(url('/api/api-changes'))}</id>`,
    `  <link href="${escapeXml(url('/api/api-changes'))}"/>`,
    `  <link rel="self" href="${escapeXml(url('/api/api-changes.xml'))}"/>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * The Markdown written above (headings, paragraphs, `- ` items, `code`,
 * [links](/x), backslash escapes) as HTML, links made absolute.
 * @param {string} markdown @param {(path: string) => string} url
 */
export function markdownHtml(markdown, url) {
  /** @param {string} text @returns {string} */
  const inline = (text) =>
    text.replace(
      /`` (.+?) ``|`([^`]+)`|\[(.+?)\]\(([^)\s]+)\)|\\(.)|([^`[\\]+|.)/g,
      (_, spaced, plain, label, href, escaped, rest) => {
        if (spaced !== undefined || plain !== undefined) return `<code>${escapeXml(spaced ?? plain)}</code>`;
        if (label !== undefined)
          return `<a href="${escapeXml(href.startsWith('/') ? url(href) : href)}">${inline(label)}</a>`;
        return escapeXml(escaped ?? rest);
      },
    );
  /** @type {string[]} */
  const out = [];
  let items = /** @type {string[]} */ ([]);
  const flush = () => {
    if (items.length) out.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    items = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('- ')) {
      items.push(line.slice(2));
      continue;
    }
    flush();
    if (line.startsWith('## ')) out.push(`<h2>${inline(line.slice(3))}</h2>`);
    else if (line.trim()) out.push(`<p>${inline(line)}</p>`);
  }
  flush();
  return out.join('\n');
}

/** The commit date of `file`'s first (`first`) or last commit, if git knows it. @param {string} file @param {boolean} first */
function gitDate(file, first) {
  try {
    const dates = execFileSync('git', ['log', '--format=%cI', ...(first ? ['--diff-filter=A'] : ['-1']), '--', file], {
      cwd: dirname(file),
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .filter(Boolean);
    return first ? dates.at(-1) : dates[0];
  } catch {
    return undefined;
  }
}

/**
 * A version page's description (its front matter): fixed for the page, not
 * its count of changes. Docusaurus puts every doc's description in the docs'
 * shared data, so under `pnpm dev` a description that changed with each save
 * remounted the whole reference, and the open page lost what the reader typed.
 * @param {ChangelogVersion} version
 */
const pageDescription = (version) =>
  version.title === 'Unreleased'
    ? 'The changes to the API description not yet released: breaking changes first, then by resource.'
    : version.summary;

/**
 * Writes the changelog's pages into the docs folder `dir` (api-changes.mdx,
 * the index, and api-changes/<id>.mdx) and its model into `generatedDir`,
 * from @webmon/spec's bundle (or the bundle file `bundle`: `pnpm dev`'s next
 * one) and released bundles. A release's date is the day its bundle was
 * committed to released/; the unreleased page's, the last commit to the spec.
 * @param {string} dir @param {{ generatedDir: string, release?: boolean, bundle?: string }} options
 */
export function writeApiChanges(dir, { generatedDir, release = process.env.PORTAL_RELEASE === '1', bundle }) {
  const require = createRequire(import.meta.url);
  const specDir = dirname(require.resolve('@webmon/spec/package.json'));
  const releasedDir = join(specDir, 'released');
  const read = (/** @type {string} */ file) => /** @type {Bundle} */ (JSON.parse(readFileSync(file, 'utf8')));
  const files = readdirSync(releasedDir).filter((file) => /^openapi(-[\w.-]+)?\.json$/.test(file));
  const released = files.map((file) => read(join(releasedDir, file)));
  /** @type {Record<string, string>} */
  const dates = {};
  for (const [index, file] of files.entries()) {
    const date = gitDate(join(releasedDir, file), true) ?? statSync(join(releasedDir, file)).mtime.toISOString();
    dates[released[index]?.info.version ?? ''] = date;
  }
  const unreleased = gitDate(join(specDir, 'openapi'), false);
  if (unreleased) dates.unreleased = unreleased;
  let corrections = /** @type {import('@webmon/api-diff').Correction[]} */ ([]);
  try {
    corrections = readCorrections(parse(readFileSync(join(releasedDir, 'corrections.yaml'), 'utf8')));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  const versions = apiChanges({
    released,
    current: read(bundle ?? require.resolve('@webmon/spec/openapi.json')),
    corrections,
    release,
    dates,
  });
  writeFileSync(join(generatedDir, 'api-changes.json'), `${JSON.stringify(versions, null, 1)}\n`);
  writeFileSync(
    join(dir, 'api-changes.mdx'),
    [
      ...frontMatter(
        'API changes',
        'Every change to the API, release by release: breaking changes first, then by resource.',
      ),
      changelogIndex(versions),
    ].join('\n'),
  );
  rmSync(join(dir, 'api-changes'), { recursive: true, force: true });
  mkdirSync(join(dir, 'api-changes'));
  for (const [index, version] of versions.entries())
    writeFileSync(
      join(dir, 'api-changes', `${version.id}.mdx`),
      [
        ...frontMatter(versionTitle(version), pageDescription(version), String(index + 1)),
        versionMarkdown(version),
      ].join('\n'),
    );
  // The page's Markdown-only form, which a checkout may still hold: two pages of one id fail the build.
  rmSync(join(dir, 'api-changes.md'), { force: true });
}
