// The try-it: one React component per operation, and what it is made of for
// hosts that lay it out themselves.
export type { LanguageChoice } from './components/Samples.js';
export { TryIt, type TryItProps } from './components/TryIt.js';
export { Recipe, type RecipeProps } from './components/Recipe.js';
export { formModel, type FormModel, type Field, type OperationInput, operationInputs } from './model/operation.js';
export { callOf, initialValues, type FormValues } from './model/values.js';
export { environment, PRODUCTION_BASE_URL, SANDBOX_BASE_URL } from './wire/environment.js';
export { loadSandboxWith, reloadSandbox, sandboxStatus, startSandbox, type SandboxModule } from './wire/sandbox.js';
export { statusText } from './model/status-text.js';
export { formSamples } from './samples/form.js';
export type { Exchange } from './wire/send.js';
export { type Shared, shared } from './wire/store.js';
export { useShared } from './components/Environment.js';
