// The client must run wherever fetch does (Node >= 20, browsers, Deno, Bun):
// no Node-only module or global in the source, and the built package bundles
// for a browser with nothing left to resolve.
import { readdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const srcDir = new URL('../src/', import.meta.url);
const sources = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));

describe('portability', () => {
  it('has sources to check (generated ones included)', () => {
    expect(sources).toContain('transport.ts');
    expect(sources.some((file) => file.startsWith('generated'))).toBe(true);
  });

  it.each(sources)('%s imports no Node module and uses no Node global', (file) => {
    const text = readFileSync(new URL(file, srcDir), 'utf8');
    const imports = [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/g)].map(
      (m) => m[1] ?? m[2],
    );
    for (const specifier of imports) expect(specifier).toMatch(/^\.\.?\//);
    expect(text).not.toMatch(/\b(process|Buffer|__dirname|__filename|require)\s*[.(]/);
  });

  it('the built package bundles for the browser, and for a neutral platform, on its own', async () => {
    for (const platform of ['browser', 'neutral'] as const) {
      const result = await build({
        stdin: { contents: "export * from '@webmon/ts-client';", resolveDir: new URL('.', import.meta.url).pathname },
        bundle: true,
        write: false,
        format: 'esm',
        platform,
        logLevel: 'silent',
      });
      expect(result.errors).toEqual([]);
      expect(result.outputFiles[0]!.text).not.toMatch(/["']node:/);
    }
  });
});
