import { useEffect, useState, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';

/**
 * Test-only route for the crash page ("This page crashed." / "Try again").
 * It renders normally unless the browser test sets
 * sessionStorage['portal:crash-test'] = '1'; then it throws during render, so
 * Docusaurus' error boundary shows its page. Not linked anywhere, excluded from
 * the sitemap, the search index, and from search engines (noindex).
 */
function Bomb(): ReactNode {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    setArmed(window.sessionStorage.getItem('portal:crash-test') === '1');
  }, []);
  if (armed && window.sessionStorage.getItem('portal:crash-test') === '1') {
    throw new Error('Crash requested by the crash-page test');
  }
  return <p data-testid="crash-test-ok">This page renders normally.</p>;
}

export default function CrashTest(): ReactNode {
  return (
    <Layout title="Crash test" noFooter>
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <main className="container margin-vert--xl">
        <Bomb />
      </main>
    </Layout>
  );
}
