/**
 * A guide's try-it: `<TryInSandbox operationId="create-uptime-test" />` heads
 * the operation's panel with its method and URL and a link to its reference
 * page, and mounts the same try-it as the reference (src/api/TryItPanel.tsx),
 * on the same sandbox. The operation comes from the build
 * (generated/try-it/<operationId>.json, scripts/prepare-api.mjs), loaded when
 * the panel is about to be seen; the header is in the pre-rendered page.
 *
 * `idFrom="create-uptime-test"`: the operation's path parameter starts empty
 * and takes the id of the record that create, on this page, answered last: a
 * guide's next step reads what the reader made, not the example's record.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import servers from '@site/generated/api-servers.json';
import Endpoint from '@site/src/api/Endpoint';
import { operationIndex } from '@site/src/api/operationIndex';
import TryItPanel from '@site/src/api/TryItPanel';
import { atPointer, bodyOf } from '@webmon/arazzo';
import { type Exchange, type OperationInput, shared, useShared } from '@webmon/try-it';
import styles from './TryInSandbox.module.css';

const loaders = new Map<string, () => Promise<OperationInput>>();
/** One loader per operation, kept: the panel loads when its loader changes. */
function loaderOf(operationId: string): () => Promise<OperationInput> {
  let load = loaders.get(operationId);
  if (!load) {
    load = () =>
      import(/* webpackChunkName: "try-it-operation-[request]" */ `@site/generated/try-it/${operationId}.json`).then(
        (module: { default: OperationInput }) => module.default,
      );
    loaders.set(operationId, load);
  }
  return load;
}

/** The id each create of the page answered last, by operation (the API's CreatedResponse: `{"data": {"new_id": …}}`). */
const NONE: Readonly<Record<string, string>> = {};
const createdIds = shared(NONE);
const NEW_ID = ['data', 'new_id'];
function recordCreated(operationId: string, exchange: Exchange): void {
  if (exchange.status !== 201) return;
  const id = atPointer(bodyOf(exchange.text), NEW_ID);
  if (typeof id === 'string' || typeof id === 'number')
    createdIds.set({ ...createdIds.get(), [operationId]: String(id) });
}

export default function TryInSandbox({ operationId, idFrom }: { operationId: string; idFrom?: string }): ReactNode {
  const entry = operationIndex.get(operationId);
  // Fails the build: a guide that names an operation the description no longer has.
  if (!entry) throw new Error(`<TryInSandbox operationId="${operationId}">: the API description has no such operation`);
  const pathNames = [...entry.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  if (idFrom && (pathNames.length !== 1 || !operationIndex.has(idFrom)))
    throw new Error(
      `<TryInSandbox operationId="${operationId}" idFrom="${idFrom}">: needs one path parameter and a create`,
    );
  const created = useShared(createdIds, NONE)[idFrom ?? ''];
  const fill = idFrom ? { [`path.${pathNames[0]}`]: created ?? '' } : undefined;
  return (
    <section className={styles.call} aria-label={`Try it: ${entry.summary}`}>
      <Endpoint method={entry.method.toUpperCase()} path={entry.path} server={servers[0]?.url ?? ''} tryIt={false} />
      <p className={styles.reference}>
        <Link to={`/api/${operationId}`}>{entry.summary}</Link> in the API reference
      </p>
      {/* Inside the guide's step (an h2): the panel's own heading one level down. */}
      <TryItPanel
        operation={loaderOf(operationId)}
        id={`try-${operationId}`}
        headingLevel={3}
        fill={fill}
        onAnswer={(exchange) => recordCreated(operationId, exchange)}
      />
    </section>
  );
}
