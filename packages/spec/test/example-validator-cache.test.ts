// `pnpm dev`'s lint reuses Redocly's example validators from one lint to the
// next (scripts/example-validator-cache.mjs). A validator reused for a schema
// that changed would judge the examples by the old schema: here an edit that
// makes a schema's own example invalid must be reported on the next lint of
// the same checker, and undoing it must clear the finding.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSourceChecker } from '../scripts/source-checker.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'spec-validator-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A copy of the sources with their Redocly config beside them, as `pnpm dev` lints a scratch copy.
cpSync(join(packageDir, 'openapi'), join(work, 'openapi'), { recursive: true });
for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) cpSync(join(packageDir, file), join(work, file));

const schemaFile = join(work, 'openapi/components/schemas/UptimeTestUpdate.yaml');
const original = readFileSync(schemaFile, 'utf8');
/** The schema's example has `timeout: 30`; a maximum of 20 makes it invalid. */
const lowered = original.replace('    maximum: 75', '    maximum: 20');

describe("pnpm dev's lint with Redocly's example validators reused", () => {
  it('judges each lint by the schemas as they are then', async () => {
    expect(lowered).not.toBe(original);
    const checker = await createSourceChecker({ sources: join(work, 'openapi'), root: work, devLoop: true });
    const exampleFindings = async () =>
      (await checker.lint()).filter(
        (finding) => finding.rule.startsWith('no-invalid-') && finding.severity === 'error',
      );

    expect(await exampleFindings()).toEqual([]);

    writeFileSync(schemaFile, lowered);
    const afterEdit = await exampleFindings();
    expect(afterEdit.map((finding) => finding.rule)).toContain('no-invalid-schema-examples');
    expect(afterEdit.some((finding) => /timeout/.test(finding.message) && /20/.test(finding.message))).toBe(true);

    writeFileSync(schemaFile, original);
    expect(await exampleFindings()).toEqual([]);
  });
});
