// orval hands the mutator a filled-in URL (`/uptime/1234567/history`) and a
// method; ts-client's transport wants the operationId and the path values.
// The templates come from ts-client's operation table, so nothing is named here.
import { operationTable, type OperationInfo } from '@webmon/ts-client';

export interface Matched {
  operationId: keyof typeof operationTable;
  operation: OperationInfo;
  /** The path values in path order, as orval wrote them (not yet encoded: the transport encodes). */
  pathValues: string[];
}

interface Route {
  operationId: keyof typeof operationTable;
  operation: OperationInfo;
  segments: string[];
  params: number;
}

// Literal segments win over parameters: a route with fewer parameters is tried first.
const routes: Route[] = (Object.entries(operationTable) as [keyof typeof operationTable, OperationInfo][])
  .map(([operationId, operation]) => {
    const segments = operation.path.split('/');
    return { operationId, operation, segments, params: segments.filter(isParam).length };
  })
  .sort((a, b) => a.params - b.params);

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** The operation a method and URL path belong to; throws when none does (e.g. an id holding a `/`). */
export function matchOperation(method: string, url: string): Matched {
  const verb = method.toUpperCase();
  const parts = url.split('/');
  for (const route of routes) {
    if (route.operation.method !== verb || route.segments.length !== parts.length) continue;
    const pathValues: string[] = [];
    let matches = true;
    for (let i = 0; i < parts.length && matches; i++) {
      const segment = route.segments[i]!;
      const part = parts[i]!;
      if (isParam(segment)) {
        if (part === '' || part === 'undefined') matches = false;
        else pathValues.push(part);
      } else matches = segment === part;
    }
    if (matches) return { operationId: route.operationId, operation: route.operation, pathValues };
  }
  throw new TypeError(`@webmon/react-query: no operation of the API is ${verb} ${url}`);
}
