/**
 * The introduction's "Base URL": the description's servers, production first,
 * as the bundle lists them (generated/api-servers.json, written by
 * scripts/prepare-api.mjs), and where the sandbox is: in each operation's
 * Try it, in the page.
 */
import type { ReactNode } from 'react';

/** A one-line description: its `code` spans kept, the rest plain text. */
const inline = (text: string) =>
  text.split(/(`[^`]+`)/).map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
    part.startsWith('`') && part.endsWith('`') ? <code key={index}>{part.slice(1, -1)}</code> : part,
  );

export default function Servers({ servers }: { servers: { url: string; description: string }[] }): ReactNode {
  return (
    <>
      <ul>
        {servers.map((server) => (
          <li key={server.url}>
            <code>{server.url}</code>: {inline(server.description)}
          </li>
        ))}
      </ul>
      <p>
        Every operation page has a <strong>Try it</strong> panel whose sandbox answers in the page itself, with no
        account: nothing it sends leaves your browser.
      </p>
    </>
  );
}
