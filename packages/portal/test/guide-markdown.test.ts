// (Node) A guide's MDX to its Markdown twin (src/plugins/agentDocs/guideMarkdown.ts):
// values from the bundle, components in words, and a loud failure for what it
// cannot render rather than a twin with a hole in it.
import spec from '@webmon/spec/openapi.json';
import { describe, expect, it } from 'vitest';
import { guideMarkdown } from '../src/plugins/agentDocs/guideMarkdown';

const IMPORTS = `import spec from '@webmon/spec/openapi.json';
import { Bounds, OneOf } from '@site/src/components/SpecValue';
import { RateLimit, rateLimits } from '@site/src/components/RateLimit';
import { JsonExample } from '@site/src/components/JsonExample';
`;
const render = (body: string, resolveLink = (url: string) => url) =>
  guideMarkdown(`---\ntitle: T\n---\n\n${IMPORTS}\n${body}\n`, {
    file: 'guides/x.mdx',
    title: 'Front matter title',
    resolveLink,
  });

describe('guide MDX to Markdown', () => {
  it('resolves expressions and components from the bundle, drops imports, front matter and comments', () => {
    const limit = spec.components.parameters.limit.schema;
    const status = spec.components.schemas.CheckStatus.enum;
    const md = render(
      [
        '# Title',
        '',
        '{/* a comment */}',
        '',
        `Version <code>{spec.info.version}</code>; limit <Bounds of={spec.components.parameters.limit.schema} />;`,
        'status <OneOf of={spec.components.schemas.CheckStatus} />; <RateLimit per="second" /> per second, {rateLimits.perMinute / 4}.',
      ].join('\n'),
    );
    expect(md).not.toMatch(/import|title: T|comment|[<>{}]/);
    expect(md).toContain(`Version \`${spec.info.version}\``);
    expect(md).toContain(`limit ${limit.minimum} to ${limit.maximum};`);
    expect(md).toContain(
      status
        .map((value) => `\`${value}\``)
        .slice(-2)
        .join(' or '),
    );
    const perSecond = /(\d+);w=1\b/.exec(spec.components.headers['x-ratelimit-limit'].schema.example)?.[1];
    expect(md).toContain(`; ${perSecond} per second`);
  });

  it('a JSON example becomes a json code block; a guide without a # heading gets its title', () => {
    const md = render('<JsonExample value={spec.components.schemas.APIError.example} />');
    expect(md.startsWith('# Front matter title\n')).toBe(true);
    expect(md).toContain(`\`\`\`json\n${JSON.stringify(spec.components.schemas.APIError.example, null, 2)}\n\`\`\``);
  });

  it('tabs show every panel under its label', () => {
    const md = render(
      [
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '<Tabs groupId="language">',
        '<TabItem value="go" label="Go">',
        '',
        '```go',
        'package main',
        '```',
        '',
        '</TabItem>',
        '<TabItem value="js">',
        '',
        'Plain text.',
        '',
        '</TabItem>',
        '</Tabs>',
      ].join('\n'),
    );
    expect(md).toContain('**Go**\n\n```go\npackage main\n```\n\n**js**\n\nPlain text.');
  });

  it('links go through the resolver; code-block meta keeps only the title', () => {
    const md = render(
      'See [errors](./api/errors.mdx#shape).\n\n```ts title="a.ts" run group\nconst a = 1;\n```',
      (url) => url.replace('./api/errors.mdx', '/guides/api/errors.md'),
    );
    expect(md).toContain('[errors](/guides/api/errors.md#shape)');
    expect(md).toContain('```ts title="a.ts"\nconst a = 1;\n```');
  });

  it('fails, naming the guide, on a component, an element or a value it cannot render', () => {
    expect(() => render("import Card from '@site/src/components/Card';\n\n<Card />")).toThrow(
      /guides\/x\.mdx: <Card> \(@site\/src\/components\/Card#default\) has no Markdown form/,
    );
    expect(() => render('<details>hidden</details>')).toThrow(/guides\/x\.mdx: <details> has no Markdown form/);
    expect(() => render('{spec.info}')).toThrow(/guides\/x\.mdx: \{spec\.info\} is not text/);
    expect(() => render('{missing.value}')).toThrow(/guides\/x\.mdx: cannot evaluate \{missing\.value\}/);
  });
});
