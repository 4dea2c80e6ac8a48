import {
  looksLikeExpression,
  parseExpression,
  type FlowExpression,
} from '../../../../src/contracts/blade-flow/expression.js';

/** An instance's variables (what complete-task and start-process may set). */
export type FlowVariables = Record<string, string | number | boolean>;

/**
 * The evaluator of the workflow expression grammar (src/contracts/blade-flow/expression.ts) over
 * an instance's variables: a variable's value, its negation, or a comparison with a literal. No
 * JavaScript is ever evaluated; a missing variable is undefined (false in a condition).
 */
export function evaluate(expression: FlowExpression, variables: FlowVariables): unknown {
  const value = Object.hasOwn(variables, expression.name) ? variables[expression.name] : undefined;
  switch (expression.kind) {
    case 'var':
      return value;
    case 'not':
      return !value;
    case 'compare':
      return compare(value, expression.op, expression.value);
  }
}

function compare(left: unknown, op: string, right: string | number | boolean): boolean {
  // Numbers compare as numbers (a variable sent as text '3' included); others as they are.
  const l =
    typeof right === 'number' && typeof left === 'string' && left !== '' ? Number(left) : left;
  switch (op) {
    case '==':
      return l === right;
    case '!=':
      return l !== right;
    default: {
      if (typeof l !== 'number' || typeof right !== 'number' || Number.isNaN(l)) return false;
      if (op === '>') return l > right;
      if (op === '>=') return l >= right;
      if (op === '<') return l < right;
      return l <= right;
    }
  }
}

/** Text that is one expression of the grammar, evaluated; plain text as it is; anything else refused. */
export function resolveText(text: string, variables: FlowVariables): unknown {
  const parsed = parseExpression(text);
  if (parsed) return evaluate(parsed, variables);
  if (looksLikeExpression(text)) throw new Error(`unsupported expression: ${text.slice(0, 80)}`);
  return text;
}

/**
 * The engine's `expressions` handler (bpmn-elements Expressions): conditions, timer values and
 * any other templated text of the model resolve through the grammar only, against `variables`
 * (the instance's, held by the runner, never the engine's message context).
 */
export function flowExpressions(variables: FlowVariables) {
  return {
    resolveExpression: (text: unknown) =>
      typeof text === 'string' ? resolveText(text, variables) : text,
    isExpression: (text: unknown) => typeof text === 'string' && parseExpression(text) !== null,
    hasExpression: (text: unknown) => typeof text === 'string' && looksLikeExpression(text),
  };
}
