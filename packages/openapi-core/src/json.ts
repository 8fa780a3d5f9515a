/** A JSON object as parsed from the bundle: keys to unknown values, narrowed where read. */
export type JsonObject = { [key: string]: unknown };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
