import { perm } from '../../../auth/index.js';
import { notFound } from '../../../lib/errors.js';
import type { TableCall } from '../../../lib/table/index.js';
import { psclientProductContract } from '../../../../src/contracts/platform-client/psclient-product.js';
import { PRODUCT_READERS } from './table.js';

/** What the client products' own calls (routes.ts and its modules) share. */

const { codes } = psclientProductContract;
/** A button code of the products screen by its alias (client_product_<alias>). */
export const code = (alias: string) => `${codes.menu}_${alias}`;
export const PRODUCT_READ = perm(codes.menu, codes.view!, ...PRODUCT_READERS);
export const FORM = perm(codes.menu, codes.view!, codes.add!, codes.edit!);

export const text = (zh: string, en: string) => ({ zh, en });
export const productQuery = [
  {
    name: 'productId',
    type: 'string' as const,
    required: true,
    description: text('产品id', 'Product id'),
  },
];

/** The caller's live product, or 404. */
export async function productOf(call: TableCall, id: string) {
  const row = await call.db
    .selectFrom('bladePsclientProduct')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
