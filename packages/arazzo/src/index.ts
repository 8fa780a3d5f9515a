// Reading and evaluating Arazzo 1.0 workflows: the one reading the recipe
// pages run and the recipes' code is written from.
export {
  atPointer,
  bodyOf,
  type Context,
  evaluate,
  type Expression,
  isExpression,
  outputsOf,
  parseExpression,
  resolve,
  wholeExpression,
} from './expressions.js';
export {
  type Condition,
  type Criterion,
  criterionText,
  holds,
  type Operand,
  type Operator,
  parseCriterion,
  operandValue,
} from './criteria.js';
export { readWorkflows, type StepTarget, type Workflow, type WorkflowInput, type WorkflowStep } from './workflow.js';
