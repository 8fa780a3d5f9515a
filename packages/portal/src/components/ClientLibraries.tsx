// The four client libraries as the guides list them: install line and
// repository from brand.ts, so a guide never types a package name.
import type { ReactNode } from 'react';
import { brand } from '@site/brand';

/** One row per language: status, install command, repository. */
export function ClientLibraries(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Language</th>
          <th scope="col">Status</th>
          <th scope="col">Install</th>
          <th scope="col">Repository</th>
        </tr>
      </thead>
      <tbody>
        {brand.clients.map((client) => (
          <tr key={client.key}>
            <td>{client.title}</td>
            <td>{client.status}</td>
            <td>
              <code>{client.prompt}</code>
            </td>
            <td>
              <a href={client.href}>{client.href.replace('https://github.com/', '')}</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
