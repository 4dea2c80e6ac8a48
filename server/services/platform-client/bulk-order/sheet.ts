import { clientOrderLifecycle } from '../../../../machines/lifecycles/client-order-machine.js';
import { labelOf } from '../../../../machines/lifecycles/lifecycle.js';
import {
  BULK_ORDER_COLUMNS,
  BULK_ORDER_MAX_ROWS,
} from '../../../../src/contracts/platform-client/bulk-order.js';
import {
  MAX_ORDER_QUANTITY,
  OUT_ORDER_NO_PATTERN,
} from '../../../../src/contracts/platform-client/open-api.js';
import type { ImportColumn } from '../../../lib/import/index.js';
import type { SheetRow } from '../../../lib/import/workbook.js';
import { readSheet, resultWorkbook, type ResultRow } from '../../../lib/import/workbook.js';

/**
 * The bulk order workbook: the upload's columns (the template's, headers found by their zh text
 * or the open API's field name), the checks of one row before it is placed, and the result file.
 */

const NOTES: Record<string, string> = {
  outOrderNo: '应用自己的订单号，字母、数字、_和-，最长64位；同一应用内唯一，重复导入返回已有订单',
  productCode: '已授权给该应用的产品编码',
  quantity: `1到${MAX_ORDER_QUANTITY}的整数`,
  phone: '用户手机号，11位，1开头（可不填）',
};

export const UPLOAD_COLUMNS: readonly ImportColumn[] = BULK_ORDER_COLUMNS.map((c) => ({
  key: c.key,
  header: c.header,
  aliases: [c.key],
  required: c.required,
  example: c.example,
  note: NOTES[c.key]!,
  width: c.key === 'phone' ? 16 : 22,
}));

export const TEMPLATE_FILE_NAME = '批量下单模板.xlsx';
export const SHEET_NAME = '批量下单';

/** The upload's data rows (headers checked, at most BULK_ORDER_MAX_ROWS, none blank). */
export const readOrders = (buffer: Buffer): Promise<SheetRow[]> =>
  readSheet(buffer, UPLOAD_COLUMNS, BULK_ORDER_MAX_ROWS);

/** What one row asks for, once its cells are checked. */
export interface OrderLine {
  outOrderNo: string;
  productCode: string;
  quantity: number;
  phone: string | null;
}

const PHONE = /^1\d{10}$/;

/**
 * One row's cells checked (every problem named, each with its column's header), and its
 * outOrderNo against the earlier rows of the file (`seen`: outOrderNo -> row number).
 */
export function checkLine(
  row: SheetRow,
  seen: Map<string, number>,
): { line: OrderLine } | { reason: string } {
  const v = row.values;
  const problems: string[] = [];
  const outOrderNo = v.outOrderNo ?? '';
  if (!outOrderNo) problems.push('应用订单号：请填写应用订单号');
  else if (!OUT_ORDER_NO_PATTERN.test(outOrderNo))
    problems.push('应用订单号：只能包含字母、数字、_和-，最长64位');
  else {
    const first = seen.get(outOrderNo);
    if (first !== undefined) problems.push(`应用订单号：与第${first}行重复`);
    else seen.set(outOrderNo, row.row);
  }
  const productCode = v.productCode ?? '';
  if (!productCode) problems.push('产品编码：请填写产品编码');
  else if (productCode.length > 32) problems.push('产品编码：长度不能超过32个字符');
  const quantityText = v.quantity ?? '';
  const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!(quantity >= 1 && quantity <= MAX_ORDER_QUANTITY))
    problems.push(`数量：须为1到${MAX_ORDER_QUANTITY}的整数`);
  const phone = v.phone || null;
  if (phone && !PHONE.test(phone)) problems.push('手机号：须为11位手机号');
  if (problems.length > 0) return { reason: problems.join('；') };
  return { line: { outOrderNo, productCode, quantity, phone } };
}

/** A phone as the result file shows it: never whole. */
export function maskPhone(value: string): string {
  if (!value) return '';
  return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
}

/** The result file's columns: the upload's (the phone masked), then what became of the row. */
const RESULT_COLUMNS: readonly ImportColumn[] = [
  ...UPLOAD_COLUMNS.map((c) =>
    c.key === 'phone' ? { ...c, secret: { header: '手机号（脱敏）', mask: maskPhone } } : c,
  ),
  { key: 'outcome', header: '处理结果', example: '', width: 10 },
  { key: 'orderNo', header: '订单号', example: '', width: 30 },
  { key: 'orderState', header: '订单状态', example: '', width: 10 },
];

/** One input row's outcome, in the result file. */
export interface LineResult {
  row: number;
  values: Record<string, string>;
  ok: boolean;
  orderNo?: string;
  orderState?: string;
  /** Why it failed (refused, or the order failed); a remark on a success. */
  reason: string;
}

/** The result workbook: one row per input row, in the file's order. Codes are never in it. */
export function resultFile(lines: readonly LineResult[]): Promise<Buffer> {
  const rows: ResultRow[] = lines.map((l) => ({
    row: l.row,
    values: {
      ...l.values,
      outcome: l.ok ? '成功' : '失败',
      orderNo: l.orderNo ?? '',
      orderState: l.orderState ? labelOf(clientOrderLifecycle.states, l.orderState, 'zh') : '',
    },
    reason: l.reason,
  }));
  return resultWorkbook(RESULT_COLUMNS, rows);
}
