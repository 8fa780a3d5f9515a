// An Arazzo 1.0 document's workflows, read into the few shapes the page and
// the code generators walk: each step's target (an operation of a source
// description, or our `x-operation` URL and method), its parameters, its form
// body as name/value pairs, its success criteria and outputs.
import type { Criterion } from './criteria.js';

export interface WorkflowInput {
  name: string;
  description?: string;
  type?: string;
  default?: unknown;
  required: boolean;
  /** `password`: a secret (the token). */
  format?: string;
}

export type StepTarget =
  | { kind: 'operation'; source: string; operationId: string }
  /** `x-operation`: a URL an earlier step handed over (a heartbeat's ping URL). */
  | { kind: 'url'; url: string; method: string };

export interface WorkflowStep {
  stepId: string;
  description: string;
  target: StepTarget;
  parameters: { name: string; in: 'path' | 'query' | 'header'; value: unknown }[];
  /** A form body as name/value pairs in order; a name may carry brackets (`tags[]`). */
  form?: [string, unknown][];
  successCriteria: Criterion[];
  outputs: Record<string, string>;
}

export interface Workflow {
  workflowId: string;
  title: string;
  summary: string;
  /** The document's description, then the workflow's own. */
  description: string;
  inputs: WorkflowInput[];
  steps: WorkflowStep[];
  outputs: Record<string, string>;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function target(step: Json, sources: readonly string[]): StepTarget {
  const x = obj(step['x-operation']);
  if (typeof x.url === 'string') return { kind: 'url', url: x.url, method: str(x.method || 'GET').toUpperCase() };
  const id = str(step.operationId);
  const named = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(id);
  if (named) return { kind: 'operation', source: named[1]!, operationId: named[2]! };
  if (id && sources.length === 1) return { kind: 'operation', source: sources[0]!, operationId: id };
  throw new Error(`step ${str(step.stepId)}: no operationId of a named source, nor x-operation`);
}

/** A form body as pairs: an object's entries, or a `a=1&b[]=2` string split (its values may hold `{$expression}`s). */
function formOf(stepId: string, body: Json): [string, unknown][] | undefined {
  if (!('payload' in body)) return undefined;
  if (!str(body.contentType).startsWith('application/x-www-form-urlencoded'))
    throw new Error(`step ${stepId}: only form bodies are read, not ${str(body.contentType)}`);
  const payload = body.payload;
  if (typeof payload === 'string')
    return payload.split('&').map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      return [decodeURIComponent(name), at < 0 ? '' : decodeURIComponent(pair.slice(at + 1))];
    });
  return Object.entries(obj(payload));
}

/** Every workflow of an Arazzo document. */
export function readWorkflows(document: unknown): Workflow[] {
  const doc = obj(document);
  const info = obj(doc.info);
  const sources = (Array.isArray(doc.sourceDescriptions) ? doc.sourceDescriptions : []).map((s) => str(obj(s).name));
  return (Array.isArray(doc.workflows) ? doc.workflows : []).map((raw): Workflow => {
    const w = obj(raw);
    const schema = obj(w.inputs);
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const steps = (Array.isArray(w.steps) ? w.steps : []).map((rawStep): WorkflowStep => {
      const s = obj(rawStep);
      const stepId = str(s.stepId);
      const form = formOf(stepId, obj(s.requestBody));
      return {
        stepId,
        description: str(s.description),
        target: target(s, sources),
        parameters: (Array.isArray(s.parameters) ? s.parameters : []).map((p) => {
          const { name, in: where, value } = obj(p);
          return { name: str(name), in: where as 'path' | 'query' | 'header', value };
        }),
        ...(form ? { form } : {}),
        successCriteria: (Array.isArray(s.successCriteria) ? s.successCriteria : []) as Criterion[],
        outputs: obj(s.outputs) as Record<string, string>,
      };
    });
    return {
      workflowId: str(w.workflowId),
      title: str(info.title) || str(w.summary),
      summary: str(w.summary) || str(info.summary),
      description: [str(info.description), str(w.description)]
        .map((d) => d.trim())
        .filter(Boolean)
        .join('\n\n'),
      inputs: Object.entries(obj(schema.properties)).map(([name, p]) => {
        const prop = obj(p);
        return {
          name,
          required: required.has(name),
          ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
          ...(typeof prop.type === 'string' ? { type: prop.type } : {}),
          ...('default' in prop ? { default: prop.default } : {}),
          ...(typeof prop.format === 'string' ? { format: prop.format } : {}),
        };
      }),
      steps,
      outputs: obj(w.outputs) as Record<string, string>,
    };
  });
}
