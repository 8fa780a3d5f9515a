/**
 * OVERRIDE of the classic theme's not-found page body: a reader who followed
 * a stale link gets a way on, a search (the /search page, which works before
 * the page's scripts run) and the site's main entries, instead of only
 * "contact the owner of the site that linked you".
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import type { Props } from '@theme/NotFound/Content';
import clsx from 'clsx';

const WAYS_ON: readonly { to: string; label: string; note: string }[] = [
  { to: '/guides', label: 'Guides', note: 'start here: authentication, errors, rate limits, examples' },
  { to: '/api/', label: 'API reference', note: 'every endpoint, with a sandbox to try it' },
  { to: '/api/api-changes', label: 'API changes', note: 'what changed in each release' },
  { to: '/', label: 'Home', note: 'client libraries and install commands' },
];

export default function NotFoundContent({ className }: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            We could not find what you were looking for. The page may have moved: search for it, or start again from one
            of these.
          </p>
          <search className="margin-bottom--lg">
            <form action={useBaseUrl('/search')} method="get">
              <label htmlFor="not-found-search">Search the docs</label>
              <div style={{ display: 'flex', gap: '0.5rem', marginTop: '0.25rem' }}>
                <input
                  id="not-found-search"
                  name="q"
                  type="search"
                  required
                  placeholder="rate limit, create uptime check…"
                  style={{ flex: 1, minWidth: 0, padding: '0.5rem', font: 'inherit' }}
                />
                <button type="submit" className="button button--primary">
                  Search
                </button>
              </div>
            </form>
          </search>
          <ul>
            {WAYS_ON.map(({ to, label, note }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>: {note}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
