// Wrap (not eject) of the docs page body: guides and operation pages get a
// "Copy page" button and a `<link rel="alternate" type="text/markdown">` to
// their Markdown twin (written at build by src/plugins/agentDocs.ts). The
// reference's other pages (introduction, tags, schemas) have no twin.
import Head from '@docusaurus/Head';
import useRouteContext from '@docusaurus/useRouteContext';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { ComponentProps, ReactNode } from 'react';

export default function ContentWrapper(props: ComponentProps<typeof ContentType>): ReactNode {
  const { metadata, frontMatter } = useDoc();
  const guide = useRouteContext().plugin.id === 'default';
  const operation = 'api' in frontMatter;
  const href = guide || operation ? `${metadata.permalink.replace(/\/+$/, '')}.md` : undefined;
  return (
    <>
      {href && (
        <>
          <Head>
            <link rel="alternate" type="text/markdown" href={href} />
          </Head>
          <CopyPage href={href} block={operation} />
        </>
      )}
      <Content {...props} />
    </>
  );
}
