// Finds the operation a method and path name, from the generated route table,
// compiled once. Answers "which methods would this path take" for 405s.
import { operations } from './generated/operations.js';
import type { OperationSpec } from './operation-spec.js';

interface Route {
  operation: OperationSpec;
  pattern: RegExp;
  params: string[];
}

export type RouteMatch =
  | { operation: OperationSpec; params: Record<string, string> }
  | { operation: null; allowed: string[] };

/** A matcher over a route table: `path` is below the base path, e.g. `/uptime/42`. */
export type RouteMatcher = (method: string, path: string) => RouteMatch;

/** Compiles a route table (the generated one, or one generated from another bundle in a test). */
export function createRouter(table: readonly OperationSpec[]): RouteMatcher {
  const routes: Route[] = table.map((operation) => ({
    operation,
    params: [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
  }));
  return (method, path) => match(routes, method, path);
}

export const matchRoute: RouteMatcher = createRouter(operations);

/**
 * HEAD is answered wherever GET is, as its GET without the body (RFC 9110;
 * web frameworks route it so: Laravel's GET routes take HEAD too), and named
 * in the Allow header beside it.
 */
function match(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    const takes = route.operation.method === 'GET' ? ['GET', 'HEAD'] : [route.operation.method];
    if (!takes.includes(method)) {
      allowed.push(...takes);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of route.params.entries()) params[name] = found[index + 1]!;
    return { operation: route.operation, params };
  }
  return { operation: null, allowed };
}
