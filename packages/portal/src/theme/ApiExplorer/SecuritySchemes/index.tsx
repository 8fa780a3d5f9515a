/**
 * WRAP of the authorization box's scheme details (`@theme/ApiExplorer/SecuritySchemes`).
 *
 * Why: its scheme link ("bearer") goes to `/${infoPath}#authentication`, and
 * the reference plugin writes `info_path` as route base, output folder and
 * the introduction's id (`api//website-monitoring-api`): no such page, since
 * the introduction's slug puts it at the reference's root.
 *
 * What: `infoPath` becomes the route of the doc with that id, read from the
 * docs' global data, so the link follows the introduction wherever it is.
 */
import type { ReactNode } from 'react';
import { useAllDocsData } from '@docusaurus/plugin-content-docs/client';
import type { Props } from '@theme/ApiExplorer/SecuritySchemes';
import SecuritySchemes from '@theme-original/ApiExplorer/SecuritySchemes';

export default function SecuritySchemesWrapper(props: Props): ReactNode {
  const infoId = props.infoPath?.split('/').pop();
  const route = Object.values(useAllDocsData())
    .flatMap((plugin) => plugin.versions)
    .flatMap((version) => version.docs)
    .find((doc) => doc.id === infoId)?.path;
  return <SecuritySchemes {...props} infoPath={route ? route.replace(/^\//, '') : props.infoPath} />;
}
