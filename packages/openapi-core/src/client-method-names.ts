import { listOperations } from './operations.js';

/** Where an operation sits in the generated client: `client.<group>.<method>(...)`. */
export interface ClientMethodName {
  group: string;
  method: string;
}

const camel = (kebab: string) => kebab.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (kebab: string) => camel(kebab).replace(/^./, (c) => c.toUpperCase());
const singular = (word: string) => word.replace(/s$/, '');

interface Candidate {
  operationId: string;
  group: string;
  /** The path's last literal segment with the tag taken off, or the operationId's verb. */
  name: string;
  /** Verb + that segment: for a name two operations of a group would share. */
  fallback: string;
  /** The operationId without the tag's words: for a name the fallback still shares (`update-contact-group-fields` -> updateFields). */
  own: string;
}

function candidate(path: string, tag: string, operationId: string): Candidate {
  const literals = path.split('/').filter((s) => s && !s.startsWith('{'));
  let last = literals.at(-1) ?? '';
  if (last === tag) last = '';
  else if (last.endsWith(`-${tag}`)) last = last.slice(0, -tag.length - 1);
  else if (last.startsWith(`${tag}-`)) last = last.slice(tag.length + 1);
  const verb = operationId.split('-')[0] ?? operationId;
  const tagWords = new Set(tag.split('-').map(singular));
  const ownWords = operationId.split('-').filter((word, index) => index === 0 || !tagWords.has(singular(word)));
  return {
    operationId,
    group: camel(tag),
    name: last ? camel(last) : verb,
    fallback: last ? `${verb}${pascal(last)}` : verb,
    own: camel(ownWords.join('-')),
  };
}

/**
 * The client's name of every operation, by operationId (the rule in
 * @webmon/ts-client's README, "Method names"): the group is the first tag,
 * camel-cased; the method is the path's last literal segment with the tag
 * taken off its front or back, or, when nothing is left, the operationId's
 * verb.
 *   GET /uptime                   (uptime)    -> uptime.list      (verb)
 *   GET /uptime/{test_id}/history (uptime)    -> uptime.history   (segment)
 *   GET /uptime-locations         (locations) -> locations.uptime (segment minus tag)
 * A name two operations of a group would share falls back to verb + segment
 * for both (listNotes, createNotes); one they still share, to the
 * operationId without the tag's words (update, updateFields). The client's
 * generator, the portal's samples and search keywords all name methods from
 * here. Throws when two operations still share a name.
 */
export function clientMethodNames(document: unknown): Map<string, ClientMethodName> {
  const candidates = listOperations(document).map(({ path, operationId, operation }) =>
    candidate(path, Array.isArray(operation.tags) ? String(operation.tags[0]) : operationId, operationId),
  );
  const sharing = (pick: (c: Candidate) => string, c: Candidate, among: Candidate[]) =>
    among.filter((other) => other.group === c.group && pick(other) === pick(c)).length > 1;
  const named = candidates.map((c) => {
    if (!sharing((x) => x.name, c, candidates)) return { c, method: c.name };
    const clashing = candidates.filter((other) => other.group === c.group && other.name === c.name);
    return { c, method: sharing((x) => x.fallback, c, clashing) ? c.own : c.fallback };
  });
  const names = new Map<string, ClientMethodName>();
  const taken = new Map<string, string>();
  for (const { c, method } of named) {
    const key = `${c.group}.${method}`;
    const other = taken.get(key);
    if (other) throw new Error(`two operations of ${c.group} are both named ${method}: ${other} and ${c.operationId}`);
    taken.set(key, c.operationId);
    names.set(c.operationId, { group: c.group, method });
  }
  return names;
}
