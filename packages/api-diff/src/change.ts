export interface Change {
  /** breaking: fails the release unless the major version changed; feature: an addition; info: worth a line in the changelog. */
  severity: 'breaking' | 'feature' | 'info';
  /** `POST /uptime`, or `(document)` for changes outside operations. */
  operation: string;
  /** Where in the operation: `query limit`, `request body timeout`, `200 data.status`. */
  where: string;
  message: string;
}
