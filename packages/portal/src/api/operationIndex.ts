// Relative, not @site/: the Markdown twins' build step (src/plugins/agentDocs) reads it in Node too.
import overview from '../../generated/api-overview.json';

/** Every operation by id, with its method, path and summary (generated/api-overview.json, scripts/api-overview.mjs). */
export const operationIndex = new Map(
  overview.flatMap(({ tags }) => tags.flatMap(({ operations }) => operations.map((entry) => [entry.id, entry]))),
);
