/**
 * What the search modal and the /search page show alike: the section names
 * and the SPEC section 8 no-results screen ("No results for" the query, "Try
 * searching for" suggestions, "Believe this query should return results? Let
 * us know.").
 */
import type { ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import { brand } from '@site/brand';
import { highlightParts, type SectionKind } from '@site/src/search/results';
import styles from './theme/SearchBar/styles.module.css';

export const SUGGESTIONS = ['rate limit', 'authentication', 'errors'];

export function sectionLabel(kind: SectionKind): string {
  switch (kind) {
    case 'guides':
      return translate({ id: 'portal.search.section.guides', message: 'Guides' });
    case 'endpoints':
      return translate({ id: 'portal.search.section.endpoints', message: 'Endpoints' });
    case 'changelog':
      return translate({ id: 'portal.search.section.changelog', message: 'API changes' });
    case 'schemas':
      return translate({ id: 'portal.search.section.schemas', message: 'Schemas' });
  }
}

export function NoResults({
  query,
  onSuggestion,
}: {
  query: string;
  onSuggestion: (query: string) => void;
}): ReactNode {
  return (
    <div className={styles.screen} data-search-empty="">
      <p className={styles.screenTitle}>
        {translate({ id: 'portal.search.noResultsText', message: 'No results for' })} "<strong>{query}</strong>"
      </p>
      <p>
        {translate({ id: 'portal.search.suggestedQueryText', message: 'Try searching for' })}:{' '}
        {SUGGESTIONS.map((s, i) => (
          <span key={s}>
            {i > 0 && ', '}
            <button type="button" className={styles.suggestion} onClick={() => onSuggestion(s)}>
              {s}
            </button>
          </span>
        ))}
      </p>
      <p>
        {translate({
          id: 'portal.search.reportMissingResultsText',
          message: 'Believe this query should return results?',
        })}{' '}
        <a
          href={`${brand.repositoryUrl}/issues/new?title=${encodeURIComponent(`Search: no results for "${query}"`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {translate({ id: 'portal.search.reportMissingResultsLinkText', message: 'Let us know.' })}
        </a>
      </p>
    </div>
  );
}

/** `text` with the words that start with one of `terms` in <mark>. */
export function Highlighted({ text, terms }: { text: string; terms: string[] }): ReactNode {
  return highlightParts(text, terms).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
  );
}
