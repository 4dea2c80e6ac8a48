/**
 * The expressions a workflow model may hold (issue 29), written once for both sides: the server's
 * BPMN check (server/services/blade-flow/bpmn/check.ts) refuses anything else, and the engine's
 * evaluator (server/services/blade-flow/engine/expressions.ts) evaluates exactly this grammar
 * against the instance's variables. No member access, no calls, no arithmetic: a model cannot
 * reach anything but its own variables.
 *
 *   expression := '${' ws? body ws? '}'
 *   body       := name | '!' ws? name | name ws? op ws? literal
 *   name       := [A-Za-z_][A-Za-z0-9_]{0,63}
 *   op         := '==' | '!=' | '>=' | '<=' | '>' | '<'
 *   literal    := number | 'text' | "text" | true | false
 *   number     := -?[0-9]{1,15}(.[0-9]{1,6})?
 *   text       := up to 200 characters, no quote of its kind, no backslash
 */

export type ExpressionOperator = '==' | '!=' | '>' | '>=' | '<' | '<=';
export type ExpressionLiteral = string | number | boolean;

export type FlowExpression =
  /** `${name}`: the variable's value (truthy in a condition; a user id in an assignee). */
  | { kind: 'var'; name: string }
  /** `${!name}`: the variable is falsy. */
  | { kind: 'not'; name: string }
  /** `${name op literal}`. */
  | { kind: 'compare'; name: string; op: ExpressionOperator; value: ExpressionLiteral };

const NAME = '[A-Za-z_][A-Za-z0-9_]{0,63}';
const VAR = new RegExp(`^(${NAME})$`);
const NOT = new RegExp(`^!\\s*(${NAME})$`);
const COMPARE = new RegExp(
  `^(${NAME})\\s*(==|!=|>=|<=|>|<)\\s*(-?[0-9]{1,15}(?:\\.[0-9]{1,6})?|'[^'\\\\]{0,200}'|"[^"\\\\]{0,200}"|true|false)$`,
);

/** Whether the text is written as an expression at all (`${...}` or `#{...}` anywhere). */
export const looksLikeExpression = (text: string): boolean => /[$#]\{/.test(text);

/** The expression's tree, or null when the text is not one expression of the grammar above. */
export function parseExpression(text: string): FlowExpression | null {
  const whole = /^\s*\$\{\s*([^{}]*?)\s*\}\s*$/.exec(text);
  if (!whole) return null;
  const body = whole[1]!;
  let m = VAR.exec(body);
  if (m && m[1] !== 'true' && m[1] !== 'false') return { kind: 'var', name: m[1]! };
  m = NOT.exec(body);
  if (m) return { kind: 'not', name: m[1]! };
  m = COMPARE.exec(body);
  if (m)
    return { kind: 'compare', name: m[1]!, op: m[2] as ExpressionOperator, value: literal(m[3]!) };
  return null;
}

function literal(text: string): ExpressionLiteral {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text.startsWith("'") || text.startsWith('"')) return text.slice(1, -1);
  return Number(text);
}
