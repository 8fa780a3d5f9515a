/**
 * One section of the API changes page (/api/api-changes): its summary line,
 * api-diff's changes as a table, and the reasons of the corrections among
 * them. The sections are data (scripts/api-changes.mjs writes them into
 * generated/api-changes.json, which the page imports), so an edit under
 * `pnpm dev` recompiles JSON, not the page's Markdown; the page is static HTML
 * all the same.
 */
import type { ReactNode } from 'react';

export interface ChangeRow {
  change: string;
  operation: string;
  where: string;
  what: string;
}

export interface ChangesSection {
  title: string;
  summary: string;
  rows: ChangeRow[];
  reasons: string[];
}

export default function ApiChanges({ section }: { section: ChangesSection }): ReactNode {
  const { summary, rows, reasons } = section;
  return (
    <>
      <p>{summary}</p>
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Change</th>
              <th>Operation</th>
              <th>Where</th>
              <th>What</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // Rows repeat (one change seen in two places is listed twice): the index keeps keys unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list, never reordered
              <tr key={index}>
                <td>{row.change}</td>
                <td>
                  <code>{row.operation}</code>
                </td>
                <td>
                  <code>{row.where}</code>
                </td>
                <td>{row.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {reasons.length > 0 && (
        <>
          <p>Corrections are breaking changes of the description only: the API already behaved so. Why:</p>
          <ol>
            {reasons.map((why) => (
              <li key={why}>{why}</li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
