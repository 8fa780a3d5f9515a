// `pnpm dev`'s checker (scripts/source-checker.mjs with devLoop) keeps work
// from one check to the next: Redocly's example validators
// (scripts/example-validator-cache.mjs), every file's parse
// (scripts/parse-cache.mjs) and the Ajv instances of three spectral:oas rules
// (OWN_SCHEMA_RULES). Anything kept past an edit would judge the sources as
// they were: each check here must follow the edit before it.
// One checker for the file: each cache wraps its library once per process.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceChecker } from '../scripts/source-checker.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'spec-dev-checker-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A copy of the sources with their Redocly config beside them, as `pnpm dev` lints a scratch copy.
cpSync(join(packageDir, 'openapi'), join(work, 'openapi'), { recursive: true });
for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) cpSync(join(packageDir, file), join(work, file));

const schemaPath = 'openapi/components/schemas/UptimeTestUpdate.yaml';
const schemaFile = join(work, schemaPath);
const original = readFileSync(schemaFile, 'utf8');

let checker: Awaited<ReturnType<typeof createSourceChecker>>;
beforeAll(async () => {
  // The root as scripts/dev.mjs gives it: a URL's path, with a trailing slash.
  checker = await createSourceChecker({ sources: join(work, 'openapi'), root: `${work}/`, devLoop: true });
});
/** Restores the schema however a test ended. */
const restore = () => writeFileSync(schemaFile, original);

describe("pnpm dev's lint with Redocly's example validators reused", () => {
  /** The schema's example has `timeout: 30`; a maximum of 20 makes it invalid. */
  const lowered = original.replace('    maximum: 75', '    maximum: 20');
  const exampleFindings = async () =>
    (await checker.lint()).filter((finding) => finding.rule.startsWith('no-invalid-') && finding.severity === 'error');

  it('judges each lint by the schemas as they are then', async () => {
    expect(lowered).not.toBe(original);
    expect(await exampleFindings()).toEqual([]);
    try {
      writeFileSync(schemaFile, lowered);
      const afterEdit = await exampleFindings();
      expect(afterEdit.map((finding) => finding.rule)).toContain('no-invalid-schema-examples');
      expect(afterEdit.some((finding) => /timeout/.test(finding.message) && /20/.test(finding.message))).toBe(true);
    } finally {
      restore();
    }
    expect(await exampleFindings()).toEqual([]);
  });
});

describe("pnpm dev's check with the files' parses kept", () => {
  /** The property `timeout` renamed: a house-rule error (properties-snake-case) where it is written. */
  const renamed = original.replace(/^ {2}timeout:$/m, '  timeoutSeconds:');
  /** 1-based line of the renamed property in `text`. */
  const lineOf = (text: string) => text.split('\n').indexOf('  timeoutSeconds:') + 1;
  const snakeCase = async () =>
    (await checker.lint())
      .filter((finding) => finding.rule === 'properties-snake-case')
      .map(({ file, line, severity }) => ({ file, line, severity }));
  const bundledSchema = async () =>
    JSON.stringify(
      ((await checker.bundle()) as { components: { schemas: Record<string, unknown> } }).components.schemas
        .UptimeTestUpdate,
    );

  it('parses only the edited file again, and reports what the edit wrote, where it is', async () => {
    expect(renamed).not.toBe(original);
    await checker.bundle();
    expect(await snakeCase()).toEqual([]);
    const before = checker.parsed();
    expect(before.redocly).toBeGreaterThan(50);
    expect(before.spectral).toBeGreaterThan(50);

    // Nothing changed: nothing is parsed again.
    await checker.bundle();
    await checker.lint();
    expect(checker.parsed()).toEqual(before);

    try {
      writeFileSync(schemaFile, renamed);
      expect(await bundledSchema()).toContain('"timeoutSeconds"');
      expect(await snakeCase()).toEqual([{ file: schemaPath, line: lineOf(renamed), severity: 'error' }]);
      // One file's new text, parsed once by each linter's parser (the bundle and Redocly's lint share one).
      expect(checker.parsed()).toEqual({ redocly: before.redocly + 1, spectral: before.spectral + 1 });

      // A line more above it: the finding moves with it (positions come from the new text's parse).
      const shifted = `# a comment\n${renamed}`;
      writeFileSync(schemaFile, shifted);
      expect(await snakeCase()).toEqual([{ file: schemaPath, line: lineOf(shifted), severity: 'error' }]);
      expect(lineOf(shifted)).toBe(lineOf(renamed) + 1);

      // YAML that does not parse: one finding, at its first error, in that
      // file; not what follows from it, nor the other linter's word for it.
      // An unclosed `[` (both linters report it, at the next key), an
      // unclosed quote (only Redocly does, further down): at the opener; a
      // mapping indented one space too far (Spectral's parser reports it
      // along the line, ten times): where the parser saw it.
      for (const [find, replace, opener] of [
        [/^ {4}maximum: 75$/m, '    maximum: [75', '['],
        [/^ {4}maximum: 75$/m, '    maximum: "75', '"'],
        [/^ {4}maximum: 75$/m, '    maximum: 75\n     oops: 1', undefined],
      ] as const) {
        const broken = renamed.replace(find, replace);
        expect(broken).not.toBe(renamed);
        writeFileSync(schemaFile, broken);
        const unparsable = await checker.lint();
        expect(unparsable, replace).toHaveLength(1);
        // The parser's finding, whichever linter's parser reported it.
        expect(unparsable[0]).toMatchObject({ file: schemaPath, severity: 'error', rule: 'parser' });
        const brokenLine = broken.split('\n').indexOf(replace.split('\n')[0]!) + 1;
        if (opener) {
          expect(unparsable[0], replace).toMatchObject({ line: brokenLine, col: replace.indexOf(opener) + 1 });
          expect(unparsable[0]!.message).toMatch(
            new RegExp(`^this \\${opener} is never closed \\(the parser stopped at`),
          );
        } else expect(unparsable[0]!.line, replace).toBeGreaterThanOrEqual(brokenLine);
      }
    } finally {
      restore();
    }
    expect(await snakeCase()).toEqual([]);
    expect(await bundledSchema()).not.toContain('timeoutSeconds');
  });
});

/**
 * The checker's findings and bundle with `line` of the schema file replaced
 * by `edited` (the file restored after), and the 1-based number of that line.
 */
async function checkedWith(line: string, edited: string) {
  const text = readFileSync(schemaFile, 'utf8');
  const at = text.split('\n').indexOf(line) + 1;
  expect(at).toBeGreaterThan(1);
  try {
    writeFileSync(schemaFile, text.replace(line, edited));
    const findings = await checker.lint();
    const bundle = await checker.bundle().then(
      () => 'bundled',
      (error: Error) => error.message,
    );
    return { at, findings, bundle };
  } finally {
    writeFileSync(schemaFile, text);
  }
}

describe("pnpm dev's check of a tab in the indentation", () => {
  it('reports the file as not parsing, at the tab, and does not bundle it', async () => {
    const { at, findings, bundle } = await checkedWith('    maximum: 75', '\tmaximum: 75');
    // The parser's warning first (it names the cause), then the one error;
    // before, the warning came alone and the save counted as clean.
    expect(findings.map(({ severity, rule, line }) => ({ severity, rule, line }))).toEqual([
      { severity: 'warn', rule: 'parser', line: at },
      { severity: 'error', rule: 'parser', line: at },
    ]);
    expect(findings[0]!.message).toMatch(/tabs/);
    expect(findings[1]!.message).toMatch(/^Failed to parse: tab characters must not be used in indentation/);
    expect(findings[1]!.message).not.toContain(work);
    // The bundler left the file as its $ref: no bundle, the last good one keeps serving.
    expect(bundle).toMatch(/^the sources do not bundle: /);
  });
});

describe("pnpm dev's check of a $ref that does not resolve", () => {
  it('reports it once, at the $ref, saying what is missing: not what follows from it', async () => {
    for (const [target, missing] of [
      [
        './Tagz.yaml',
        /^Can't resolve \$ref: ENOENT: no such file or directory 'openapi\/components\/schemas\/Tagz\.yaml'$/,
      ],
      [
        './Tags.yaml#/nope',
        /^Can't resolve \$ref: '#\/nope' does not exist @ 'openapi\/components\/schemas\/Tags\.yaml'$/,
      ],
    ] as const) {
      const { at, findings } = await checkedWith('    $ref: ./Tags.yaml', `    $ref: ${target}`);
      // Before: Spectral's same finding at 1:1 and an "Example validation
      // errored" in each of the seven schemas and paths using the schema.
      expect(findings, target).toEqual([
        {
          file: schemaPath,
          line: at,
          col: 5,
          severity: 'error',
          rule: 'no-unresolved-refs',
          message: expect.stringMatching(missing),
        },
      ]);
    }
  });
});

describe("pnpm dev's check of a quote left open in a long line", () => {
  it('reports it where it opens, though the parsers name only 1:1 (a second document in the stream)', async () => {
    const pathsFile = join(work, 'openapi/paths/uptime.yaml');
    const text = readFileSync(pathsFile, 'utf8');
    const line = text.split('\n').findIndex((l) => /^ {2}description: Creates an uptime check/.test(l)) + 1;
    expect(line).toBeGreaterThan(1);
    try {
      writeFileSync(
        pathsFile,
        text.replace('  description: Creates an uptime check', '  description: "Creates an uptime check'),
      );
      const findings = await checker.lint();
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({
        file: 'openapi/paths/uptime.yaml',
        line,
        col: 16,
        severity: 'error',
        rule: 'parser',
      });
      expect(findings[0]!.message).toMatch(/^this " is never closed \(the parser stopped at /);
    } finally {
      writeFileSync(pathsFile, text);
    }
  });
});

describe("pnpm dev's check with the rules' own schemas compiled once", () => {
  /** A duplicated enum entry: spectral:oas duplicated-entry-in-enum, one of the rules whose Ajv instances the dev loop keeps. */
  const typePath = 'openapi/components/schemas/UptimeTestType.yaml';
  const typeFile = join(work, typePath);
  const typeText = readFileSync(typeFile, 'utf8');
  const duplicated = typeText.replace(
    'enum: [DNS, HEAD, HTTP, PING, SMTP, SSH, TCP]',
    'enum: [DNS, HEAD, HTTP, PING, SMTP, SSH, TCP, HTTP]',
  );
  const enumFindings = async () =>
    (await checker.lint())
      .filter((finding) => finding.rule === 'duplicated-entry-in-enum')
      .map(({ file, line }) => ({ file, line }));

  it('reports a duplicated enum entry planted after the validators were compiled, and drops it when fixed', async () => {
    expect(duplicated).not.toBe(typeText);
    expect(await enumFindings()).toEqual([]);
    expect(await enumFindings()).toEqual([]);
    try {
      writeFileSync(typeFile, duplicated);
      const line = duplicated.split('\n').indexOf('enum: [DNS, HEAD, HTTP, PING, SMTP, SSH, TCP, HTTP]') + 1;
      expect(await enumFindings()).toEqual([{ file: typePath, line }]);
    } finally {
      writeFileSync(typeFile, typeText);
    }
    expect(await enumFindings()).toEqual([]);
  });
});
