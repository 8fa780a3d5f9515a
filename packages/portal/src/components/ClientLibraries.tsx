// The four client libraries as the guides list them: install line and
// repository from brand.ts, so a guide never types a package name.
import type { ReactNode } from 'react';
import { brand } from '@site/brand';

const COLUMNS = ['Language', 'Status', 'Install', 'Repository'] as const;

/** One row per language: status, install command, repository. */
export function ClientLibraries(): ReactNode {
  return (
    // data-stack, data-label: a phone shows each row as a card (src/css/custom.css).
    <table data-stack="">
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {brand.clients.map((client) => (
          <tr key={client.key}>
            <td data-label={COLUMNS[0]}>{client.title}</td>
            <td data-label={COLUMNS[1]}>{client.status}</td>
            <td data-label={COLUMNS[2]}>
              <code>{client.prompt}</code>
            </td>
            <td data-label={COLUMNS[3]}>
              <a href={client.href}>{client.href.replace('https://github.com/', '')}</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
