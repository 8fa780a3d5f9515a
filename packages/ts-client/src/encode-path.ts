// Path parameters as the URL carries them: each value is one path segment.

/**
 * Why `value` cannot be the path parameter `name`, or undefined when it can.
 * A segment of only dots (`.`, `..`) is removed when the URL is parsed
 * (`/uptime/..` is `/`), so the request would go to another route: nothing
 * percent-encoding can change (`%2e%2e` is a dot segment too).
 */
export function dotSegmentProblem(name: string, value: unknown): string | undefined {
  const text = String(value);
  return text === '.' || text === '..'
    ? `${name} cannot be "${text}": a URL path segment of only dots is removed, and the request would go elsewhere`
    : undefined;
}

/**
 * `value` as one path segment: percent-encoded, so a `/`, `?`, `#` or `%` in
 * an id stays in its segment. Throws a TypeError for a dot segment, before
 * anything is sent.
 */
export function encodePathSegment(name: string, value: unknown): string {
  const problem = dotSegmentProblem(name, value);
  if (problem) throw new TypeError(problem);
  return encodeURIComponent(String(value));
}
