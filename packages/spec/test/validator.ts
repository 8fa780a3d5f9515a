import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadBundle, type JsonObject } from './load-bundle.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const BASE = 'https://spec.local/openapi.json';

export const bundle = loadBundle();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(bundle, BASE);

const escapePointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');
export const pointer = (...tokens: string[]) => `#/${tokens.map(escapePointerToken).join('/')}`;

/** A validator for the schema at a JSON pointer inside the bundle. */
export function validatorAt(schemaPointer: string): ValidateFunction {
  return ajv.compile({ $ref: `${BASE}${schemaPointer}` });
}

export const schemaValidator = (name: string) => validatorAt(pointer('components', 'schemas', name));
export const parameterValidator = (name: string) => validatorAt(pointer('components', 'parameters', name, 'schema'));

const schemas = (bundle.components as { schemas: Record<string, JsonObject> }).schemas;

/** A property's schema as a reader sees it: own properties first, then allOf members, $refs followed. */
export function propertyOf(schemaName: string, property: string): JsonObject | undefined {
  const resolve = (schema: JsonObject): JsonObject => {
    const ref = schema.$ref as string | undefined;
    return ref ? resolve(schemas[ref.replace('#/components/schemas/', '')] as JsonObject) : schema;
  };
  const search = (schema: JsonObject): JsonObject | undefined => {
    const own = (schema.properties as Record<string, JsonObject> | undefined)?.[property];
    if (own) return resolve(own);
    for (const member of (schema.allOf as JsonObject[] | undefined) ?? []) {
      const found = search(resolve(member));
      if (found) return found;
    }
    return undefined;
  };
  return search(schemas[schemaName] as JsonObject);
}
