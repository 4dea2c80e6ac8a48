import {
  BinaryOperationNode,
  CamelCasePlugin,
  ColumnNode,
  type IdentifierNode,
  OperationNodeTransformer,
  type QueryId,
  OperatorNode,
  ReferenceNode,
  ValueNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type RootOperationNode,
} from 'kysely';

/**
 * Kysely's CamelCasePlugin (camelCase in TypeScript, snake_case in SQL), with `is_deleted = 0`
 * written into the SQL as a literal, not a bound parameter, in the same pass over the query.
 *
 * Why the literal: the unique indexes of live rows are partial (`... where is_deleted = 0`,
 * migration 036 and the client service's). Whether SQLite may use one depends on the value of
 * `is_deleted = ?`, so SQLite plans such a statement with the bound value and marks it to be
 * prepared again whenever that parameter is bound anew: every run, which defeats the statement
 * cache (sqlite-dialect.ts) and cost the open API's app, product and app-stock look-ups 50 to
 * 80 us each instead of 5 to 25 (issue 27's order path). With the literal the plan is fixed
 * once. Only the constant 0 of this one flag column is inlined: a fixed number, never input, so
 * nothing user-given reaches the SQL.
 *
 * Why one pass: each plugin copies the whole query tree on every query; two plugins (camelCase,
 * then this) were two copies, about 3% of a list request's CPU (issue 30's profile).
 */
export class CamelCaseLiveRowsPlugin extends CamelCasePlugin {
  readonly #transformer = new SnakeCaseLiveRowsTransformer((name) => this.snakeCase(name));

  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }
}

/** After the snake_case pass of the operands the column is `is_deleted`. */
const FLAG_COLUMNS = new Set(['is_deleted']);

function columnName(node: OperationNode): string | undefined {
  if (ColumnNode.is(node)) return node.column.name;
  if (ReferenceNode.is(node) && ColumnNode.is(node.column)) return node.column.column.name;
  return undefined;
}

class SnakeCaseLiveRowsTransformer extends OperationNodeTransformer {
  constructor(private readonly snakeCase: (name: string) => string) {
    super();
  }

  protected override transformIdentifier(node: IdentifierNode, queryId?: QueryId): IdentifierNode {
    const transformed = super.transformIdentifier(node, queryId);
    return { ...transformed, name: this.snakeCase(transformed.name) };
  }

  protected override transformBinaryOperation(
    node: BinaryOperationNode,
    queryId?: QueryId,
  ): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node, queryId);
    const { leftOperand, operator, rightOperand } = transformed;
    const name = columnName(leftOperand);
    if (
      name &&
      FLAG_COLUMNS.has(name) &&
      OperatorNode.is(operator) &&
      operator.operator === '=' &&
      ValueNode.is(rightOperand) &&
      rightOperand.value === 0 &&
      !rightOperand.immediate
    )
      return BinaryOperationNode.create(leftOperand, operator, ValueNode.createImmediate(0));
    return transformed;
  }
}
