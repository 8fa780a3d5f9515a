// The shape of one row of the generated operation table
// (src/generated/operations.ts). Rows leave out the keys that do not apply,
// which keeps the table small in a browser bundle.

export interface OperationInfo {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path template below the base URL, e.g. `/uptime/{test_id}/history`. */
  path: string;
  /** `x-pagination` of a list: `page` (page/limit, metadata) or `cursor` (links.next). */
  pagination?: 'page' | 'cursor';
  /** The documented success status (201 for creates, 204 for updates and deletes). */
  success: number;
  /** What the argument after the path parameters is: a form body or the query. */
  input?: 'body' | 'query';
  /** Body fields that are arrays: sent as `field[]=a&field[]=b`, emptied with `field[]=`. */
  arrays?: readonly string[];
  /** Body fields `x_csv` that also accept `x: string[]`, sent comma-joined. */
  csv?: readonly string[];
  /** Query flags sent bare (`?matchany`) when true and left out when false. */
  flags?: readonly string[];
  /** Query parameters that are comma-separated lists: an array is sent comma-joined. */
  lists?: readonly string[];
  /** Keys stepped through in the success body to reach what a method returns. */
  unwrap?: readonly string[];
}
