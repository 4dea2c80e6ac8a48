import type { Kysely } from 'kysely';
import { fenToYuan } from '../../../../src/contracts/money.js';
import type { AppContext } from '../../../context.js';
import { prepared } from '../../../db/prepared.js';
import type { DB } from '../../../db/schema.js';
import { openCode } from '../../platform-supplier/coupon-code/code-crypto.js';
import type { ClientOrderRow } from './order-row.js';

/** A code as the app receives it. */
export interface OpenCode {
  code: string;
  pin: string | null;
  validEnd: string | null;
}

/** The order as the open API answers it (ORDER_ANSWER in the open-api contract). */
export interface OpenOrder {
  orderNo: string;
  outOrderNo: string;
  productCode: string;
  quantity: number;
  salePrice: number;
  amount: number;
  state: string;
  returnedQuantity: number;
  returnedAmount: number;
  failReason: string | null;
  codes: OpenCode[];
  createTime: string | null;
  finishTime: string | null;
}

const yuan = fenToYuan;

export function openOrder(
  order: ClientOrderRow,
  productCode: string,
  codes: OpenCode[],
): OpenOrder {
  return {
    orderNo: order.orderNo,
    outOrderNo: order.outOrderNo,
    productCode,
    quantity: order.quantity,
    salePrice: yuan(order.salePrice),
    amount: yuan(order.amount),
    state: order.state,
    returnedQuantity: order.returnedQuantity,
    returnedAmount: yuan(order.returnedAmount),
    failReason: order.state === 'failed' || order.state === 'closed' ? order.lastError : null,
    codes,
    createTime: order.createTime,
    finishTime: order.finishTime,
  };
}

export async function productCodeOf(db: Kysely<DB>, tenantId: string, productId: string) {
  const row = await db
    .selectFrom('bladePsclientProduct')
    .select('productCode')
    .where('tenantId', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.productCode ?? '';
}

// Answered with every order (db/prepared.ts: built once).
const codesHeld = prepared<{ tenantId: string; supOrderId: string }>()((db, arg) =>
  db
    .selectFrom('bladeSupOrderCode as l')
    .innerJoin('bladeSupCouponCode as c', 'c.id', 'l.codeId')
    .select(['c.codeCipher', 'c.pinCipher', 'c.validEnd'])
    .where('l.tenantId', '=', arg('tenantId'))
    .where('l.orderId', '=', arg('supOrderId'))
    .where('l.returnOrderId', 'is', null)
    .orderBy('l.codeId'),
);

/**
 * The codes an order still holds (issued or used, not taken back by a return), opened for the
 * app: read through the supplier order's code links (migration 033).
 */
export async function heldCodes(
  ctx: Pick<AppContext, 'db' | 'jwtSecret'>,
  order: ClientOrderRow,
): Promise<OpenCode[]> {
  if (!order.supOrderId) return [];
  const rows = await codesHeld.all(ctx.db, {
    tenantId: order.tenantId,
    supOrderId: order.supOrderId,
  });
  return rows.map((r) => ({
    code: openCode(ctx, r.codeCipher),
    pin: r.pinCipher ? openCode(ctx, r.pinCipher) : null,
    validEnd: r.validEnd,
  }));
}
