// /llms.txt (https://llmstxt.org): the site's index for language models, one
// line per page linking to its Markdown twin, in the sidebars' order; and
// /llms-full.txt, every twin in the same order in one file.

export interface TwinPage {
  title: string;
  /** One line: the guide's description, or the operation's method, path and summary. */
  note: string;
  /** Absolute URL of the Markdown twin. */
  url: string;
  markdown: string;
}

export interface TwinSection {
  title: string;
  pages: TwinPage[];
}

export interface LlmsHeader {
  title: string;
  summary: string;
  /** Paragraphs after the summary. */
  details: string[];
  /** Links at the end, under "Optional" (llmstxt.org: what can be skipped). */
  optional: { title: string; url: string; note: string }[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function llmsTxt(header: LlmsHeader, sections: readonly TwinSection[]): string {
  const out = [`# ${header.title}`, '', `> ${oneLine(header.summary)}`, '', ...header.details.flatMap((p) => [p, ''])];
  for (const section of sections) {
    out.push(`## ${section.title}`, '');
    for (const page of section.pages) out.push(`- [${page.title}](${page.url}): ${oneLine(page.note)}`);
    out.push('');
  }
  if (header.optional.length) {
    out.push('## Optional', '');
    for (const link of header.optional) out.push(`- [${link.title}](${link.url}): ${oneLine(link.note)}`);
    out.push('');
  }
  return out.join('\n');
}

export function llmsFullTxt(header: LlmsHeader, sections: readonly TwinSection[]): string {
  const pages = sections.flatMap((section) =>
    section.pages.map((page) => `Source: ${page.url}\n\n${page.markdown.trim()}`),
  );
  return `# ${header.title}\n\n> ${oneLine(header.summary)}\n\n---\n\n${pages.join('\n\n---\n\n')}\n`;
}
