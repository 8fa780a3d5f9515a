/**
 * `--tokens alpha,beta`: exactly these tokens, on the free plan. A Map, not a
 * plain object: `token in {...}` also answered `constructor`, `toString`,
 * `__proto__`... and their "plan" escaped the per-minute limit.
 */
export function tokenList(list: string): Map<string, 'free'> {
  return new Map(
    list
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean)
      .map((token) => [token, 'free'] as const),
  );
}
