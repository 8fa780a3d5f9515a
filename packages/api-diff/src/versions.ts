/** `1.2.0` -> 1; null when the version does not start with a number. */
export function majorOf(version: unknown): number | null {
  const match = /^(\d+)\./.exec(String(version ?? ''));
  return match ? Number(match[1]) : null;
}

/** Breaking changes are allowed only when the API's major version went up. */
export function majorBumped(before: unknown, after: unknown): boolean {
  const was = majorOf(before);
  const is = majorOf(after);
  return was !== null && is !== null && is > was;
}
