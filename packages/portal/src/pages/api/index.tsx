import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';

/**
 * Placeholder for /api/. Issue 6 replaces this file with the reference pages
 * generated from the bundle (docusaurus-plugin-openapi-docs); delete it then.
 */
export default function ApiReferencePlaceholder(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { apiTitle, apiVersion } = siteConfig.customFields as { apiTitle: string; apiVersion: string };
  return (
    <Layout title="API reference" description={`Reference of the ${apiTitle} v${apiVersion}`}>
      <main className="container margin-vert--xl">
        <Heading as="h1">API reference</Heading>
        <p>
          The interactive reference of the {apiTitle} v{apiVersion} is generated from the API description and is
          coming soon. Meanwhile, the <Link to="/guides/api/introduction">API introduction</Link> covers the
          conventions every call follows.
        </p>
      </main>
    </Layout>
  );
}
