/**
 * The overview on the reference's introduction (/api/): every operation,
 * grouped as in the sidebar, each with its method badge, path and summary,
 * linking to its page. The data is generated from the bundle at build time
 * (scripts/api-overview.mjs, imported by src/api/info.mustache), so the page
 * is static HTML: no JavaScript of its own beyond hydration.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { PathParts } from '@site/src/components/PathParts';
import styles from './ApiOverview.module.css';

export interface OverviewOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
}

export interface OverviewGroup {
  group: string;
  tags: { tag: string; label: string; operations: OverviewOperation[] }[];
}

/** The reference's route base (`routeBasePath` of the `api` docs instance in docusaurus.config.ts). */
const BASE = '/api/';

const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export default function ApiOverview({ groups }: { groups: OverviewGroup[] }): ReactNode {
  return (
    <div className={styles.overview}>
      {groups.map(({ group, tags }) => (
        <section key={group}>
          <Heading as="h3" id={anchor(group)}>
            {group}
          </Heading>
          {tags.map(({ tag, label, operations }) => (
            <table key={tag} className={styles.table}>
              <caption>
                <Link to={`${BASE}${tag}`}>{label}</Link>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Method</th>
                  <th scope="col">Path</th>
                  <th scope="col">Operation</th>
                </tr>
              </thead>
              <tbody>
                {operations.map(({ id, method, path, summary }) => (
                  <tr key={id} data-operation={id}>
                    <td>
                      <span className={`api-method-badge ${method}`}>{method.toUpperCase()}</span>
                    </td>
                    <td>
                      <code>
                        <PathParts path={path} />
                      </code>
                    </td>
                    <td>
                      <Link to={`${BASE}${id}`}>{summary}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </section>
      ))}
    </div>
  );
}
