// One fixture pair per kind of change: the base fixture and a copy edited in
// one way. Each case states the verdict the issue asks for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { diffBundles, readCorrections, verdict, type Change } from '../src/index.js';

type Doc = Record<string, any>;
const base = (): Doc => parse(readFileSync(new URL('./fixtures/base.yaml', import.meta.url), 'utf8'));
const schemas = (doc: Doc) => doc.components.schemas;

const CASES: {
  kind: string;
  edit: (doc: Doc) => void;
  severity: Change['severity'];
  where: string;
  message: RegExp;
}[] = [
  {
    kind: 'removed operation',
    edit: (d) => delete d.paths['/checks/{id}'].delete,
    severity: 'breaking',
    where: 'operation',
    message: /operation removed/,
  },
  {
    kind: 'added operation',
    edit: (d) =>
      (d.paths['/checks/{id}'].get = { operationId: 'get-check', responses: { '200': { description: 'ok' } } }),
    severity: 'feature',
    where: 'operation',
    message: /new operation/,
  },
  {
    kind: 'removed parameter',
    edit: (d) => d.paths['/checks'].get.parameters.pop(),
    severity: 'breaking',
    where: 'query status',
    message: /parameter removed/,
  },
  {
    kind: 'new required parameter',
    edit: (d) =>
      d.paths['/checks'].get.parameters.push({
        name: 'region',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    severity: 'breaking',
    where: 'query region',
    message: /new required parameter/,
  },
  {
    kind: 'new optional parameter',
    edit: (d) => d.paths['/checks'].get.parameters.push({ name: 'sort', in: 'query', schema: { type: 'string' } }),
    severity: 'feature',
    where: 'query sort',
    message: /new optional parameter/,
  },
  {
    kind: 'narrowed parameter bound',
    edit: (d) => (d.paths['/checks'].get.parameters[0].schema.maximum = 100),
    severity: 'breaking',
    where: 'query page',
    message: /maximum changed from 1000 to 100/,
  },
  {
    kind: 'narrowed body bound',
    edit: (d) => (schemas(d).CheckUpdate.properties.timeout.maximum = 60),
    severity: 'breaking',
    where: 'request body.timeout',
    message: /maximum changed from 75 to 60/,
  },
  {
    kind: 'widened body bound',
    edit: (d) => (schemas(d).CheckUpdate.properties.timeout.minimum = 1),
    severity: 'feature',
    where: 'request body.timeout',
    message: /minimum changed from 5 to 1/,
  },
  {
    kind: 'narrowed enum',
    edit: (d) => (schemas(d).Status.enum = ['up']),
    severity: 'breaking',
    where: 'query status',
    message: /enum values removed: \["down"\]/,
  },
  {
    kind: 'new required body field',
    edit: (d) => schemas(d).CheckCreate.required.push('timeout'),
    severity: 'breaking',
    where: 'request body.timeout',
    message: /field became required/,
  },
  {
    kind: 'new required body field (added)',
    edit: (d) => {
      schemas(d).CheckUpdate.properties.region = { type: 'string' };
      schemas(d).CheckCreate.required.push('region');
    },
    severity: 'breaking',
    where: 'request body.region',
    message: /new required field/,
  },
  {
    kind: 'changed type',
    edit: (d) => (schemas(d).CheckUpdate.properties.name = { type: 'integer', minimum: 0, maximum: 9 }),
    severity: 'breaking',
    where: 'request body.name',
    message: /type changed from string to integer/,
  },
  {
    kind: 'removed response field',
    edit: (d) => {
      delete schemas(d).Check.properties.status;
      schemas(d).Check.required = ['id', 'name'];
    },
    severity: 'breaking',
    where: '200 response.data[].status',
    message: /field removed/,
  },
  {
    kind: 'added response field',
    edit: (d) => (schemas(d).Check.properties.uptime = { type: 'number' }),
    severity: 'feature',
    where: '200 response.data[].uptime',
    message: /new field/,
  },
  {
    kind: 'changed default',
    edit: (d) => (schemas(d).CheckUpdate.properties.timeout.default = 30),
    severity: 'breaking',
    where: 'request body.timeout',
    message: /default changed from 15 to 30/,
  },
  {
    kind: 'changed success status',
    edit: (d) => {
      d.paths['/checks'].post.responses = { '200': { description: 'ok' } };
    },
    severity: 'breaking',
    where: '201 response',
    message: /no longer answered/,
  },
];

describe('diffBundles', () => {
  it('finds nothing between a bundle and itself', () => {
    expect(diffBundles(base(), base())).toEqual([]);
  });

  it('finds nothing when a schema moves behind a $ref or into an allOf member', () => {
    const after = base();
    const { name, ...rest } = schemas(after).CheckUpdate.properties;
    schemas(after).Named = { type: 'object', properties: { name } };
    schemas(after).CheckUpdate = { type: 'object', allOf: [{ $ref: '#/components/schemas/Named' }], properties: rest };
    expect(diffBundles(base(), after)).toEqual([]);
  });

  it.each(CASES.map((c) => [c.kind, c] as const))('%s', (_kind, { edit, severity, where, message }) => {
    const after = base();
    edit(after);
    const changes = diffBundles(base(), after);
    const match = changes.find((change) => change.where === where && message.test(change.message));
    expect(match, JSON.stringify(changes, null, 1)).toBeDefined();
    expect(match!.severity).toBe(severity);
  });
});

describe('verdict', () => {
  const narrowed = () => {
    const after = base();
    schemas(after).CheckUpdate.properties.timeout.maximum = 60;
    return diffBundles(base(), after);
  };

  it('fails on a breaking change within the same major version, with a readable report', () => {
    const result = verdict(narrowed(), '1.2.0', '1.3.0');
    expect(result.fails).toBe(true);
    expect(result.text).toContain('BREAKING  POST /checks  request body.timeout: maximum changed from 75 to 60');
    expect(result.text).toContain('release 2.0.0');
  });

  it('allows breaking changes when the major version went up', () => {
    expect(verdict(narrowed(), '1.2.0', '2.0.0').fails).toBe(false);
  });

  it('passes additions and lists them as features', () => {
    const after = base();
    schemas(after).Check.properties.uptime = { type: 'number' };
    const result = verdict(diffBundles(base(), after), '1.2.0', '1.2.1');
    expect(result.fails).toBe(false);
    expect(result.features).toHaveLength(1);
  });

  describe('with corrections', () => {
    const timeoutCorrection = {
      why: 'the API always stopped at 60',
      where: 'request body\\.timeout',
      message: 'maximum changed from 75 to 60',
    };

    it('lists an acknowledged breaking change as corrected, with its reason, and passes', () => {
      const result = verdict(narrowed(), '1.2.0', '1.2.0', 'text', [timeoutCorrection]);
      expect(result.fails).toBe(false);
      expect(result.breaking).toEqual([]);
      expect(result.corrected.map((c) => [c.operation, c.why])).toEqual([
        ['POST /checks', 'the API always stopped at 60'],
      ]);
      expect(result.text).toMatch(/: 0 breaking, 0 features, \d+ other, 1 corrected/);
      expect(verdict(narrowed(), '1.2.0', '1.2.0', 'markdown', [timeoutCorrection]).text).toContain(
        '(the API always stopped at 60)',
      );
    });

    it('still fails on a breaking change no correction matches (patterns match whole fields)', () => {
      const partial = { ...timeoutCorrection, message: 'maximum changed from 75' };
      const result = verdict(narrowed(), '1.2.0', '1.2.0', 'text', [partial]);
      expect(result.fails).toBe(true);
      expect(result.breaking).toHaveLength(1);
    });

    it('fails on a correction that matches no change, naming it', () => {
      const result = verdict(diffBundles(base(), base()), '1.2.0', '1.2.0', 'text', [timeoutCorrection]);
      expect(result.fails).toBe(true);
      expect(result.text).toContain('A correction matches no change');
      expect(result.text).toContain('maximum changed from 75 to 60');
    });

    it('never applies to a feature', () => {
      const after = base();
      schemas(after).Check.properties.uptime = { type: 'number' };
      const result = verdict(diffBundles(base(), after), '1.2.0', '1.2.0', 'text', [
        { why: 'x', message: 'field added' },
      ]);
      expect(result.features).toHaveLength(1);
      expect(result.unusedCorrections).toHaveLength(1);
    });

    it('refuses a corrections file without a reason, with a bad pattern or an unknown key', () => {
      expect(() => readCorrections([{ message: 'x' }])).toThrow('correction 1: why must say why');
      expect(() => readCorrections([{ why: 'y', message: '(' }])).toThrow('correction 1: message:');
      expect(() => readCorrections([{ why: 'y', message: 'x', path: 'z' }])).toThrow('unknown key path');
      expect(readCorrections(null)).toEqual([]);
    });
  });
});
