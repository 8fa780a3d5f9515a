export { type ClientMethodName, clientMethodNames } from './client-method-names.js';
export { HTTP_METHODS, type HttpMethod, isHttpMethod } from './http-methods.js';
export { isObject, type JsonObject } from './json.js';
export { mergeAllOf, propertiesOf } from './merge-all-of.js';
export { listOperations, type OperationEntry, type ParameterEntry } from './operations.js';
export { escapePointerToken, getAtPointer, parsePointer, toPointer, unescapePointerToken } from './pointer.js';
export { type Located, locate, resolveRef } from './resolve-ref.js';
export { bodyPropertySchemas, formMediaType, isListParameter, type WireShape, wireShapeOf } from './wire-shape.js';
