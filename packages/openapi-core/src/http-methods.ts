/**
 * The operation keys of an OpenAPI 3.1 Path Item Object, in the order the
 * specification lists them. The one list of HTTP methods: every generator,
 * route table and rule iterates this, so an operation under any method
 * reaches all of them.
 */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

export const isHttpMethod = (key: string): key is HttpMethod => (HTTP_METHODS as readonly string[]).includes(key);
