// Finds the fenced code blocks of the guides (guides/**/*.mdx) and reads
// their info string: ```ts title="create-check.ts" run
//
// The meta word the guide-examples test understands (Docusaurus ignores it):
//   run   the block is extracted and run against the mock server in CI, which
//         enforces the real rate limits (5/s burst, 60/min) as readers' mock does
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface CodeBlock {
  /** Path relative to the guides folder, e.g. `api/errors.mdx`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  meta: string;
  title: string | undefined;
  run: boolean;
  code: string;
}

export function listMdx(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listMdx(path));
    else if (/\.mdx?$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

/** Every fenced block (``` or ~~~, three or more) of one file, nested fences handled by length. */
export function blocksOf(source: string, file: string): CodeBlock[] {
  const lines = source.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang = '', meta = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence![0] === '`' ? '`' : '~'}{${fence!.length},}\\s*$`);
      if (close.test(lines[j]!)) break;
      body.push(lines[j]!.startsWith(indent!) ? lines[j]!.slice(indent!.length) : lines[j]!);
    }
    const words = meta
      .replace(/"[^"]*"|'[^']*'/g, '')
      .split(/\s+/)
      .filter(Boolean);
    blocks.push({
      file,
      line: i + 1,
      lang: lang.toLowerCase(),
      meta,
      title: /title=(?:"([^"]*)"|'([^']*)')/
        .exec(meta)
        ?.slice(1)
        .find((v) => v !== undefined),
      run: words.includes('run'),
      code: `${body.join('\n')}\n`,
    });
    i = j;
  }
  return blocks;
}

export function guideBlocks(guidesDir: string): CodeBlock[] {
  return listMdx(guidesDir).flatMap((path) => blocksOf(readFileSync(path, 'utf8'), relative(guidesDir, path)));
}

export const TS_LANGS = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'tsx']);
export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

/** Does this block talk to the API (and so have to be runnable)? */
export function callsApi(block: CodeBlock): boolean {
  return /createClient|\bfetch\(|\bcurl\b|from\s+['"]@webmon\/ts-client['"]|\bclient\.\w+\.\w+\(/.test(block.code);
}
