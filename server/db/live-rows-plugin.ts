import {
  BinaryOperationNode,
  ColumnNode,
  OperationNodeTransformer,
  OperatorNode,
  ReferenceNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * `is_deleted = 0` written into the SQL as a literal, not a bound parameter.
 *
 * The unique indexes of live rows are partial (`... where is_deleted = 0`, migration 036 and the
 * client service's). Whether SQLite may use one depends on the value of `is_deleted = ?`, so
 * SQLite plans such a statement with the bound value and marks it to be prepared again whenever
 * that parameter is bound anew: every run, which defeats the statement cache (sqlite-dialect.ts)
 * and cost the open API's app, product and app-stock look-ups 50 to 80 us each instead of 5 to 25
 * (issue 27's order path). With the literal the plan is fixed once. Only the constant 0 of this
 * one flag column is inlined: a fixed number, never input, so nothing user-given reaches the SQL.
 */
export class LiveRowsPlugin implements KyselyPlugin {
  readonly #transformer = new LiveRowsTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const FLAG_COLUMNS = new Set(['is_deleted', 'isDeleted']);

function columnName(node: OperationNode): string | undefined {
  if (ColumnNode.is(node)) return node.column.name;
  if (ReferenceNode.is(node) && ColumnNode.is(node.column)) return node.column.column.name;
  return undefined;
}

class LiveRowsTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
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
