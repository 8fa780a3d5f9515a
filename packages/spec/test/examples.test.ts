import { describe, expect, it } from 'vitest';
import { type JsonObject, listOperations, toPointer as pointer } from '@webmon/openapi-core';
import { bundle, closedValidatorAt, schemaValidator } from './validator.js';

interface ExampleCase {
  where: string;
  schemaPointer: string;
  example: unknown;
  direction?: 'request' | 'response';
}

function collectExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const components = bundle.components as Record<string, Record<string, JsonObject>>;
  for (const [name, schema] of Object.entries(components.schemas ?? {})) {
    expect(schema.example, `components.schemas.${name} has an example`).toBeDefined();
    cases.push({
      where: `schema ${name}`,
      schemaPointer: pointer('components', 'schemas', name),
      example: schema.example,
    });
  }
  for (const [name, parameter] of Object.entries(components.parameters ?? {})) {
    expect(parameter.example, `components.parameters.${name} has an example`).toBeDefined();
    cases.push({
      where: `parameter ${name}`,
      schemaPointer: pointer('components', 'parameters', name, 'schema'),
      example: parameter.example,
    });
  }
  const mediaExamples = (
    base: string[],
    content: Record<string, JsonObject> | undefined,
    direction: 'request' | 'response',
  ) => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      expect(media.example, `${base.join(' ')} ${mediaType} has an example`).toBeDefined();
      cases.push({
        where: `${base.join(' ')} ${mediaType}`,
        schemaPointer: pointer(...base, 'content', mediaType, 'schema'),
        example: media.example,
        direction,
      });
    }
  };
  for (const [name, response] of Object.entries(components.responses ?? {})) {
    mediaExamples(['components', 'responses', name], response.content as Record<string, JsonObject>, 'response');
  }
  for (const { method, path, operation } of listOperations(bundle)) {
    const body = operation.requestBody as JsonObject | undefined;
    if (body)
      mediaExamples(['paths', path, method, 'requestBody'], body.content as Record<string, JsonObject>, 'request');
    for (const [code, response] of Object.entries(operation.responses as Record<string, JsonObject>)) {
      if (!('$ref' in response))
        mediaExamples(
          ['paths', path, method, 'responses', code],
          response.content as Record<string, JsonObject>,
          'response',
        );
    }
  }
  return cases;
}

const cases = collectExamples();

describe('examples', () => {
  it('cover every operation: 18 GET answers and 12 create/update bodies (SPEC.md section 7)', () => {
    const operationCases = cases.filter((c) => c.where.startsWith('paths '));
    expect(operationCases.filter((c) => c.direction === 'response')).toHaveLength(18);
    expect(operationCases.filter((c) => c.direction === 'request')).toHaveLength(12);
  });

  it.each(cases.map((c) => [c.where, c] as const))(
    '%s validates against its schema, with no field the schema does not declare',
    (_where, { schemaPointer, example }) => {
      const validate = closedValidatorAt(schemaPointer);
      const valid = validate(example);
      expect(validate.errors ?? [], JSON.stringify(example)).toEqual([]);
      expect(valid).toBe(true);
    },
  );

  it('a field the schema does not declare is caught, at the top and deeper (the closing is not vacuous)', () => {
    const uptime = closedValidatorAt('#/components/schemas/UptimeTestResponse');
    const example = (bundle.components as { schemas: Record<string, { example: { data: JsonObject } }> }).schemas
      .UptimeTestResponse!.example;
    expect(uptime(example)).toBe(true);
    expect(uptime({ ...example, extra: 1 })).toBe(false);
    expect(uptime({ data: { ...example.data, bogus: 1 } })).toBe(false);
    const servers = example.data.servers as JsonObject[];
    expect(uptime({ data: { ...example.data, servers: [{ ...servers[0], bogus: 1 }] } })).toBe(false);
    const pagespeed = closedValidatorAt('#/components/schemas/PagespeedTest');
    const stats = (bundle.components as { schemas: Record<string, { example: JsonObject }> }).schemas.PagespeedTest!
      .example;
    expect(pagespeed(stats)).toBe(true);
    expect(pagespeed({ ...stats, latest_stats: { ...(stats.latest_stats as JsonObject), bogus: 1 } })).toBe(false);
    // A create body is closed too, through its allOf member (the fields of UptimeTestUpdate).
    const create = closedValidatorAt('#/components/schemas/UptimeTestCreate');
    const body = { name: 'x', test_type: 'HTTP', website_url: 'https://a.example', check_rate: 1800 };
    expect(create(body)).toBe(true);
    expect(create({ ...body, bogus: 1 })).toBe(false);
  });

  it('a broken example would be caught (the validator is not vacuous)', () => {
    const validate = schemaValidator('UptimeTestCreate');
    expect(
      validate({ name: 'x', test_type: 'HTTP', website_url: 'https://a.example', check_rate: 1800, timeout: 90 }),
    ).toBe(false);
    expect(
      validate({ name: 'x', test_type: 'HTTP', website_url: 'https://a.example', check_rate: 1800, timeout: 30 }),
    ).toBe(true);
  });
});
