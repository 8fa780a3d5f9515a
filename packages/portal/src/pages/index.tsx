import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import ThemedImage from '@theme/ThemedImage';
import CopyPrompt from '@site/src/components/CopyPrompt';
import { brand, type ClientLibrary } from '@site/brand';
import styles from './index.module.css';

function ClientCard({ client }: { client: ClientLibrary }): ReactNode {
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <img className={styles.icon} src={useBaseUrl(client.image.src)} alt={client.image.alt} width={40} height={40} />
        <Heading as="h3">{client.title}</Heading>
        {client.status === 'alpha' && (
          // The same word as the Installation guide's table, linked to what alpha means for these clients.
          <Link to="/guides/sdks/alpha" className={styles.status}>
            alpha
          </Link>
        )}
      </div>
      <CopyPrompt prompt={client.prompt} label={client.title} />
      <Link href={client.href} aria-label={`${client.title} client repository on GitHub`}>
        Repository
      </Link>
    </li>
  );
}

export default function Home(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const apiVersion = String(siteConfig.customFields?.apiVersion ?? '');
  return (
    <Layout title="Home" description={brand.tagline}>
      <header className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <ThemedImage
            className={styles.logo}
            alt={brand.logo.alt}
            width={240}
            height={74}
            sources={{ light: useBaseUrl(brand.logo.src), dark: useBaseUrl(brand.logo.srcDark) }}
          />
          <Heading as="h1" className={styles.title}>
            {brand.title}
          </Heading>
          <p className={styles.tagline}>{brand.tagline}.</p>
          <p className={styles.version} data-testid="api-version">
            API v{apiVersion}
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/guides/quickstart">
              Make your first call
            </Link>
            <Link className="button button--secondary button--lg" to="/guides">
              Read the guides
            </Link>
            <Link className="button button--secondary button--lg" to="/api/">
              API reference
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className={styles.clients} aria-labelledby="client-libraries">
          <div className="container">
            <Heading as="h2" id="client-libraries">
              Client libraries
            </Heading>
            <ul className={styles.grid}>
              {brand.clients.map((client) => (
                <ClientCard key={client.title} client={client} />
              ))}
            </ul>
          </div>
        </section>
      </main>
    </Layout>
  );
}
