/**
 * Swizzle (wrap, not eject) of the navbar SearchBar. Why: SPEC section 8 fixes
 * the search messages ('Unable to fetch results' / 'You might want to check
 * your network connection.'; 'No results for' <query>, 'Try searching for',
 * 'Believe this query should return results? Let us know.'). Hosted search
 * (DocSearch) has exactly these screens and takes the texts from
 * i18n/en/code.json, so with Algolia on this wrapper renders the original
 * untouched. The local search plugin has neither screen and no option for
 * them: its dropdown shows a bare "No results" and a failed index download
 * shows nothing. This wrapper adds both around the ORIGINAL component, without
 * copying it:
 *  - when the plugin renders its empty state, the text is replaced with the
 *    SPEC texts, the query and suggestions (links to the /search page);
 *  - when the box gets focus, the index file is probed; if that fails, an
 *    alert with the network message shows under the box.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import OriginalSearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type { WrapperProps } from '@docusaurus/types';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { translate } from '@docusaurus/Translate';
import { brand } from '@site/brand';
import styles from './styles.module.css';

// Docusaurus' wrap template: `{}` for a component that takes no props (React's ComponentProps gives `unknown`).
type Props = WrapperProps<typeof SearchBarType>;

const SUGGESTIONS = ['rate limit', 'authentication', 'errors'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function LocalSearchBar(props: Props): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const [fetchError, setFetchError] = useState(false);
  const indexUrl = useBaseUrl('/search-index.json');
  const searchPage = useBaseUrl('/search');

  // Rewrite the plugin's empty state each time autocomplete renders it.
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const texts = {
      noResults: translate({ id: 'portal.search.noResultsText', message: 'No results for' }),
      tryThese: translate({ id: 'portal.search.suggestedQueryText', message: 'Try searching for' }),
      report: translate({
        id: 'portal.search.reportMissingResultsText',
        message: 'Believe this query should return results?',
      }),
      reportLink: translate({ id: 'portal.search.reportMissingResultsLinkText', message: 'Let us know.' }),
    };
    const rewrite = () => {
      const empty = root.querySelector<HTMLElement>('[class*="noResults_"]:not([data-portal-empty])');
      if (!empty) return;
      const query = root.querySelector<HTMLInputElement>('input.navbar__search-input')?.value ?? '';
      const reportHref = `${brand.repositoryUrl}/issues/new?title=${encodeURIComponent(`Search: no results for "${query}"`)}`;
      empty.setAttribute('data-portal-empty', '');
      empty.innerHTML =
        `<span class="${styles.empty}"><span class="${styles.emptyTitle}">${escapeHtml(texts.noResults)} "<strong>${escapeHtml(query)}</strong>"</span>` +
        `<span>${escapeHtml(texts.tryThese)}: ${SUGGESTIONS.map((s) => `<a href="${searchPage}?q=${encodeURIComponent(s)}">${escapeHtml(s)}</a>`).join(', ')}</span>` +
        `<span>${escapeHtml(texts.report)} <a href="${reportHref}" target="_blank" rel="noopener noreferrer">${escapeHtml(texts.reportLink)}</a></span></span>`;
    };
    const observer = new MutationObserver(rewrite);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [searchPage]);

  const probe = useCallback(async () => {
    try {
      const res = await fetch(indexUrl, { method: 'HEAD', cache: 'no-store' });
      setFetchError(!res.ok);
    } catch {
      setFetchError(true);
    }
  }, [indexUrl]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus and blur bubble up from the search input inside; the wrapper takes no input itself
    <div
      ref={container}
      className={styles.wrapper}
      onFocus={probe}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFetchError(false);
      }}
    >
      <OriginalSearchBar {...props} />
      {fetchError && (
        <div role="alert" className={styles.error}>
          <strong>
            {translate({ id: 'portal.search.errorScreen.titleText', message: 'Unable to fetch results' })}
          </strong>
          <span>
            {translate({
              id: 'portal.search.errorScreen.helpText',
              message: 'You might want to check your network connection.',
            })}
          </span>
        </div>
      )}
    </div>
  );
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  if (siteConfig.customFields?.searchProvider !== 'local') return <OriginalSearchBar {...props} />;
  return <LocalSearchBar {...props} />;
}
