// The README's TypeScript examples, type-checked against the built package
// (its own name resolves to dist/ through the exports map): docs samples that
// contradict the description fail here (API-FACTS.md, "known pain").
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STRICT_USER_OPTIONS, strictHost } from './support/strict-compiler.js';

const packageDir = new URL('..', import.meta.url).pathname;
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

// What the examples take as given.
const prelude = (code: string) => `
import type { Client } from '@webmon/ts-client';
${/import\s*\{[^}]*\bcreateClient\b/.test(code) ? '' : "import { createClient } from '@webmon/ts-client';"}
declare const apiToken: string;
declare const token: string;
declare const checkId: string;
declare const myFetch: typeof fetch;
${/\bconst client\b/.test(code) ? '' : 'declare const client: Client;'}
`;

describe('README examples', () => {
  it('has examples to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
  });

  it('every ```ts block compiles against the package', () => {
    const files = new Map(
      blocks.map((code, i) => [`${packageDir}test/__readme_${i}.ts`, `${prelude(code)}\n${code}\nexport {};\n`]),
    );
    const options = STRICT_USER_OPTIONS;
    const host = strictHost();
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
    host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
    host.getSourceFile = (name, language, ...rest) =>
      files.has(name)
        ? ts.createSourceFile(name, files.get(name)!, language)
        : getSourceFile.call(host, name, language, ...rest);
    const program = ts.createProgram([...files.keys()], options, host);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${d.file?.fileName.split('/').pop()}:${where ? where.line + 1 : '?'} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(errors).toEqual([]);
  });
});
