/**
 * Type-checks code a reader copies into a strict TypeScript project of their
 * own (NodeNext modules, Node's types, `@webmon/ts-client` resolved from the
 * files' folder): the guides' examples and the reference's samples; with
 * `jsx`, React components (the guides' `tsx` blocks).
 */
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { portalDir } from './helpers';

const portalRequire = createRequire(join(portalDir, 'package.json'));

export interface TypeProblem {
  /** The file, or undefined for a problem of the whole program. */
  file: string | undefined;
  /** 0-based, in that file. */
  line: number;
  message: string;
}

/** `jsx`: the files are React components (`.tsx`), compiled as a React 17+ project compiles them. */
export function typeCheck(files: string[], { jsx = false } = {}): TypeProblem[] {
  const program = ts.createProgram(files, {
    ...(jsx && { jsx: ts.JsxEmit.ReactJSX }),
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [dirname(dirname(portalRequire.resolve('@types/node/package.json')))],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file?.fileName,
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

/** Lays `dir` out as a reader's project: ESM (`"type": "module"`), with `@webmon/ts-client` (the portal's, linked) in its node_modules. */
export function readerProject(dir: string): void {
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  mkdirSync(join(dir, 'node_modules', '@webmon'), { recursive: true });
  symlinkSync(
    realpathSync(join(portalDir, 'node_modules', '@webmon', 'ts-client')),
    join(dir, 'node_modules', '@webmon', 'ts-client'),
    'dir',
  );
}
