/**
 * The search modal over the offline index: results grouped by page, with
 * snippets (src/search/results.ts), arrow keys and Enter to pick one, Escape
 * or a click outside to close, and the SPEC section 8 screens: "Unable to
 * fetch results" when the index cannot be downloaded, "No results for" the
 * query with suggestions and the report link. The index is queried by the
 * local search plugin's own worker (lunr in a Web Worker, index downloaded
 * once).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useHistory } from '@docusaurus/router';
import { translate } from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
// The plugin's client API (no typings for its client modules: see src/types).
import {
  fetchIndexesByWorker,
  searchByWorker,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
import { Highlighted, NoResults, sectionLabel } from '@site/src/search/SearchParts';
import { type ResultSection, rankResults, type WorkerHit } from '@site/src/search/results';
import styles from './styles.module.css';

/** Hits asked of the index: enough for the ranking to see each page's best ones. */
const LIMIT = 100;
/** Pages shown per section, and sections' items per page: the rest is on /search. */
const PAGES_PER_SECTION = 4;
const ITEMS_PER_PAGE = 3;

type State =
  | { kind: 'idle' }
  | { kind: 'error' }
  | { kind: 'done'; query: string; sections: ResultSection[]; terms: string[] };

export default function SearchModal({ onClose }: { onClose: () => void }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const history = useHistory();
  const searchPage = useBaseUrl('/search');
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [active, setActive] = useState(0);
  const latest = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  // The index downloads once, when the modal first opens.
  useEffect(() => {
    input.current?.focus();
    fetchIndexesByWorker(siteConfig.baseUrl, '').catch(() => setState({ kind: 'error' }));
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [siteConfig.baseUrl]);

  // Each query is answered; an answer to an older query than the latest is dropped.
  useEffect(() => {
    const asked = ++latest.current;
    const text = query.trim();
    if (!text) {
      setState((s) => (s.kind === 'error' ? s : { kind: 'idle' }));
      return;
    }
    searchByWorker(siteConfig.baseUrl, '', text, LIMIT).then(
      (hits: WorkerHit[]) => {
        if (asked !== latest.current) return;
        const terms = [...new Set(hits.flatMap((h) => h.tokens).concat(text.split(/\s+/)))];
        const sections = rankResults(hits, text).map((section) => ({
          ...section,
          groups: section.groups
            .slice(0, PAGES_PER_SECTION)
            .map((group) => ({ ...group, items: group.items.slice(0, ITEMS_PER_PAGE) })),
        }));
        setState({ kind: 'done', query: text, sections, terms });
        setActive(0);
      },
      () => asked === latest.current && setState({ kind: 'error' }),
    );
  }, [query, siteConfig.baseUrl]);

  const urls = useMemo(
    () =>
      state.kind === 'done'
        ? state.sections.flatMap((section) => section.groups.flatMap((g) => g.items.map((item) => item.url)))
        : [],
    [state],
  );

  // The selected result stays in view as the arrow keys move through a long list.
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const go = (url: string) => {
    onClose();
    history.push(url);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (urls.length) setActive((a) => (a + (event.key === 'ArrowDown' ? 1 : urls.length - 1)) % urls.length);
    } else if (event.key === 'Enter' && urls[active]) {
      event.preventDefault();
      go(urls[active]);
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog: only the box takes keys, results are picked with arrows.
      event.preventDefault();
    }
  };

  const texts = {
    label: translate({ id: 'portal.search.button', message: 'Search' }),
    placeholder: translate({ id: 'portal.search.placeholder', message: 'Search guides and API' }),
    errorTitle: translate({ id: 'portal.search.errorScreen.titleText', message: 'Unable to fetch results' }),
    errorHelp: translate({
      id: 'portal.search.errorScreen.helpText',
      message: 'You might want to check your network connection.',
    }),
    allResults: translate({ id: 'portal.search.allResults', message: 'All results' }),
  };

  let index = -1;
  const body =
    state.kind === 'error' ? (
      <div role="alert" className={styles.screen}>
        <p className={styles.screenTitle}>{texts.errorTitle}</p>
        <p>{texts.errorHelp}</p>
      </div>
    ) : state.kind === 'done' && state.sections.length === 0 ? (
      <NoResults query={state.query} onSuggestion={setQuery} />
    ) : state.kind === 'done' ? (
      <div id={listId} role="listbox" aria-label={texts.label} className={styles.results}>
        {state.sections.map((section) => (
          <div key={section.kind} className={styles.section} data-search-section={section.kind}>
            <h2 className={styles.sectionTitle}>{sectionLabel(section.kind)}</h2>
            {section.groups.map((group) => (
              <section key={group.pageUrl} className={styles.group} data-search-group={group.pageUrl}>
                <h3 className={styles.groupTitle}>
                  {group.trail.length > 0 && <span className={styles.trail}>{group.trail[0]} › </span>}
                  {group.pageTitle}
                  {group.also && (
                    <span className={styles.trail}> (also {group.also.map((other) => other.title).join(', ')})</span>
                  )}
                </h3>
                {group.items.map((item) => {
                  index += 1;
                  const mine = index;
                  return (
                    <a
                      key={item.url}
                      id={`${listId}-${mine}`}
                      href={item.url}
                      role="option"
                      aria-selected={mine === active}
                      tabIndex={-1}
                      className={styles.hit}
                      onMouseMove={() => setActive(mine)}
                      onClick={(event) => {
                        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                        event.preventDefault();
                        go(item.url);
                      }}
                    >
                      <span className={styles.hitTitle}>
                        <Highlighted text={item.title} terms={state.terms} />
                      </span>
                      {item.snippet && (
                        <span className={styles.snippet}>
                          <Highlighted text={item.snippet} terms={state.terms} />
                        </span>
                      )}
                    </a>
                  );
                })}
              </section>
            ))}
          </div>
        ))}
        <a className={styles.all} href={`${searchPage}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
          {texts.allResults}
        </a>
      </div>
    ) : null;

  // In place, not in a portal: the backdrop is fixed and no ancestor in the
  // navbar transforms, so it covers the viewport.
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's click closes like Escape, which the dialog handles
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control; Escape is the keyboard way
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={texts.label} className={styles.modal} onKeyDown={onKeyDown}>
        <div className={styles.searchRow}>
          <input
            ref={input}
            type="search"
            className={styles.input}
            placeholder={texts.placeholder}
            aria-label={texts.label}
            aria-controls={listId}
            aria-activedescendant={urls.length ? `${listId}-${active}` : undefined}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="button" className={styles.close} onClick={onClose}>
            Esc
          </button>
        </div>
        {body}
      </div>
    </div>
  );
}
