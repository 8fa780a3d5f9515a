/**
 * The /search page (`?q=`), in place of the local search plugin's own: the
 * same index and worker, and the same ranking as the navbar's modal
 * (src/search/results.ts): sections Guides, Endpoints, API changes and
 * Schemas (schemas last), each page once with its matching sections, clean
 * snippets, and SPEC section 8's no-results screen.
 */
import { type ReactNode, useEffect, useState } from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  fetchIndexesByWorker,
  searchByWorker,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
import Layout from '@theme/Layout';
import { Highlighted, NoResults, sectionLabel } from '@site/src/search/SearchParts';
import { type ResultSection, rankResults, type WorkerHit } from '@site/src/search/results';
import styles from './styles.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'error' }
  | { kind: 'done'; query: string; sections: ResultSection[]; terms: string[] };

export default function SearchPage(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const location = useLocation();
  const history = useHistory();
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const [state, setState] = useState<State>({ kind: 'idle' });

  // The address follows what is typed (Back returns to the previous query's page only through the browser's own history).
  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('q') ?? '';
    if (wanted !== query) history.replace({ ...location, search: query ? `?q=${encodeURIComponent(query)}` : '' });
  }, [query, history, location]);

  useEffect(() => {
    fetchIndexesByWorker(siteConfig.baseUrl, '').catch(() => setState({ kind: 'error' }));
  }, [siteConfig.baseUrl]);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setState((s) => (s.kind === 'error' ? s : { kind: 'idle' }));
      return;
    }
    let current = true;
    searchByWorker(siteConfig.baseUrl, '', text, 100).then(
      (hits: WorkerHit[]) => {
        if (!current) return;
        const terms = [...new Set(hits.flatMap((h) => h.tokens).concat(text.split(/\s+/)))];
        setState({ kind: 'done', query: text, sections: rankResults(hits, text), terms });
      },
      () => current && setState({ kind: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [query, siteConfig.baseUrl]);

  const title = query
    ? translate({ id: 'theme.SearchPage.existingResultsTitle', message: 'Search results for "{query}"' }, { query })
    : translate({ id: 'theme.SearchPage.emptyResultsTitle', message: 'Search the documentation' });

  return (
    <Layout>
      <Head>
        <meta property="robots" content="noindex, follow" />
        <title>{title}</title>
      </Head>
      <main className="container margin-vert--lg">
        <h1>{title}</h1>
        <input
          type="search"
          name="q"
          className={styles.input}
          aria-label={translate({ id: 'portal.search.button', message: 'Search' })}
          placeholder={translate({ id: 'portal.search.placeholder', message: 'Search guides and API' })}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {state.kind === 'error' && (
          <div role="alert">
            <p>
              <strong>
                {translate({ id: 'portal.search.errorScreen.titleText', message: 'Unable to fetch results' })}
              </strong>
            </p>
            <p>
              {translate({
                id: 'portal.search.errorScreen.helpText',
                message: 'You might want to check your network connection.',
              })}
            </p>
          </div>
        )}
        {state.kind === 'done' && state.sections.length === 0 && (
          <NoResults query={state.query} onSuggestion={setQuery} />
        )}
        {state.kind === 'done' &&
          state.sections.map((section) => (
            <section key={section.kind} className={styles.section} data-search-section={section.kind}>
              <h2>{sectionLabel(section.kind)}</h2>
              {section.groups.map((group) => (
                <article key={group.pageUrl} className={styles.page} data-search-group={group.pageUrl}>
                  <p className={styles.trail}>
                    {group.trail.join(' › ')}
                    {group.also && ` · also ${group.also.map((other) => other.title).join(', ')}`}
                  </p>
                  {group.items.map((item) => (
                    <div key={item.url} className={styles.item}>
                      <h3 className={styles.itemTitle}>
                        <Link to={item.url}>
                          <Highlighted
                            text={item.title === group.pageTitle ? item.title : `${group.pageTitle} › ${item.title}`}
                            terms={state.terms}
                          />
                        </Link>
                      </h3>
                      {item.snippet && (
                        <p className={styles.snippet}>
                          <Highlighted text={item.snippet} terms={state.terms} />
                        </p>
                      )}
                    </div>
                  ))}
                </article>
              ))}
            </section>
          ))}
      </main>
    </Layout>
  );
}
