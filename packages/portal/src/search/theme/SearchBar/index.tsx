/**
 * The navbar's search (offline index): a button that opens a search modal,
 * as SPEC section 8 asks: Ctrl+K or Cmd+K and '/' open it, Escape closes it.
 * The modal, the index and the worker that queries it load on first use
 * (hover or focus of the button starts the download), never with the page:
 * guide pages keep their JavaScript budget.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { translate } from '@docusaurus/Translate';
import styles from './styles.module.css';

const loadModal = () => import(/* webpackChunkName: "search-modal" */ './SearchModal');
const SearchModal = lazy(loadModal);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const [mac, setMac] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.userAgent));
    const onKeyDown = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      const modK = key === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      const slash = key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (modK || slash) {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  const label = translate({ id: 'portal.search.button', message: 'Search' });
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={`${label} (${mac ? 'Cmd' : 'Ctrl'}+K)`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
      >
        <svg className={styles.icon} width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
            stroke="currentColor"
            fill="none"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.label}>{label}</span>
        <kbd className={styles.keys}>{mac ? '⌘' : 'Ctrl'} K</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchModal onClose={close} />
        </Suspense>
      )}
    </>
  );
}
