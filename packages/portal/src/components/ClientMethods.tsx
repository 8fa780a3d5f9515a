// The JavaScript client's groups and methods as the built client has them
// (generated/client-methods.json, written by scripts/prepare-api.mjs from
// createClient()), for the SDK guide: a new operation, or a renamed one,
// shows here without an edit of the guide (rows: clientMethodRows.ts).
import type { ReactNode } from 'react';
import clientMethods from '@site/generated/client-methods.json';
import { methodRows } from './clientMethodRows';

export function ClientMethods(): ReactNode {
  return (
    // data-stack, data-label: a phone shows each row as a card (src/css/custom.css).
    <table data-stack="">
      <thead>
        <tr>
          <th>Group</th>
          <th>Methods</th>
        </tr>
      </thead>
      <tbody>
        {methodRows(clientMethods).map((row) => (
          <tr key={row.groups.join()}>
            <td data-label="Group">
              {row.groups.map((group, index) => (
                <span key={group}>
                  {index > 0 && ', '}
                  <code>{`client.${group}`}</code>
                </span>
              ))}
            </td>
            <td data-label="Methods">
              {row.methods.map((method, index) => (
                <span key={method}>
                  {index > 0 && ', '}
                  <code>{method}</code>
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
