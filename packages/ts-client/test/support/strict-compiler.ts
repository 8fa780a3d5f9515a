import { dirname } from 'node:path';
import ts from 'typescript';

/** How a strict TypeScript user's project compiles code against this package (no @types, DOM lib for fetch). */
export const STRICT_USER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
};

// TypeScript's own lib files (lib.dom.d.ts alone is 1.5 MB) are most of what a
// check parses, and they do not change during a run: parsed once per worker
// and shared by every program the tests create.
const libDir = dirname(ts.getDefaultLibFilePath(STRICT_USER_OPTIONS));
const libFiles = new Map<string, ts.SourceFile>();

/** A compiler host for STRICT_USER_OPTIONS that parses TypeScript's lib files once. */
export function strictHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(STRICT_USER_OPTIONS);
  const { getSourceFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    if (!name.startsWith(libDir)) return getSourceFile.call(host, name, language, ...rest);
    let file = libFiles.get(name);
    if (!file) {
      file = getSourceFile.call(host, name, language, ...rest);
      if (file) libFiles.set(name, file);
    }
    return file;
  };
  return host;
}
