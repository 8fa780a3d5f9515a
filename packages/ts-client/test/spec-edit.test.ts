// "A spec edit shows up as a type change": edit a copy of the bundle, run the
// generator on it into a copy of src/, and type-check a caller against both.
// No list of operations or fields exists outside the two generated files, so
// a new enum value, a relaxed required list, a new operation and an operation
// under a method the API does not use yet (PATCH) all reach `client.*` with no
// other edit.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate as generateInto } from '../scripts/generate.mjs';
import { STRICT_USER_OPTIONS, strictHost } from './support/strict-compiler.js';

const require = createRequire(import.meta.url);
const packageDir = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'ts-client-spec-edit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const caller = `
import { createClient } from './src/index.js';
const client = createClient({ token: 't' });
export const created = client.uptime.create({ name: 'x', test_type: 'FTP', website_url: 'ftp.example.com' });
export async function notes() {
  for await (const note of client.uptime.notesAll('1', { limit: 5 })) return note.triggered_at;
  return undefined;
}
export const patched = client.uptime.patch('1', { paused: true });
`;

/** Type errors of `caller` compiled against the sources in `dir`. */
function typeErrors(dir: string): string[] {
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(join(dir, 'caller.ts'), caller);
  const program = ts.createProgram([join(dir, 'caller.ts')], STRICT_USER_OPTIONS, strictHost());
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

async function generate(dir: string, bundle: Parameters<typeof generateInto>[0]): Promise<void> {
  cpSync(join(packageDir, 'src'), join(dir, 'src'), { recursive: true, filter: (path) => !path.includes('generated') });
  // The build's generator, in this process: the same function `node scripts/generate.mjs` runs.
  await generateInto(bundle, pathToFileURL(`${join(dir, 'src/generated')}/`));
}

describe('a spec edit becomes a type change', () => {
  const original = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));
  const edited = structuredClone(original);
  edited.components.schemas.UptimeTestType.enum.push('FTP');
  edited.components.schemas.UptimeTestCreate.required = ['name', 'test_type', 'website_url'];
  edited.paths['/uptime/{test_id}/notes'] = {
    parameters: [{ $ref: '#/components/parameters/test_id' }],
    get: {
      ...structuredClone(original.paths['/uptime/{test_id}/alerts'].get),
      operationId: 'list-uptime-test-notes',
    },
  };
  const item = edited.paths['/uptime/{test_id}'];
  item.patch = { ...structuredClone(item.put), operationId: 'patch-uptime-test' };
  const before = join(work, 'before');
  const after = join(work, 'after');

  // Generated once per file, one after the other (both in this process).
  beforeAll(async () => {
    await generate(before, original);
    await generate(after, edited);
  });

  it('the caller does not compile against the current description', () => {
    const errors = typeErrors(before).join('\n');
    expect(errors).toContain('"FTP"');
    expect(errors).toContain('notesAll');
    expect(errors).toContain("Property 'patch' does not exist");
  });

  it('it compiles once the spec has the enum value, the relaxed required list and the new operations', () => {
    expect(typeErrors(after)).toEqual([]);
    expect(readFileSync(join(after, 'src/generated/operations.ts'), 'utf8')).toContain(
      '"notes":"list-uptime-test-notes"',
    );
    expect(readFileSync(join(after, 'src/generated/operations.ts'), 'utf8')).toContain(
      '"patch-uptime-test": {"method":"PATCH","path":"/uptime/{test_id}"',
    );
  });
});
