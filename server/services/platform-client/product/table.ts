import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ClientOrderState } from '../../../../machines/lifecycles/client-order-machine.js';
import {
  PICTURES_MAX,
  PRODUCT_REFUSALS,
  psclientProductContract,
  VIDEOS_MAX,
} from '../../../../src/contracts/platform-client/psclient-product.js';
import type { DB } from '../../../db/schema.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { productStocks } from './stock.js';

/**
 * Screens that pick or name client products read the list, its select and listAllClient: the
 * access party and app screens (authorisation), the order, stock and statement screens, prices.
 */
export const PRODUCT_READERS = [
  'client',
  'client_app',
  'client_app_auth',
  'client_order',
  'client_refund_order',
  'user_order',
  'user_refund_order',
  'bulk_order',
  'app_stock',
  'app_stock_record',
  'statement',
  'price_manage',
  'client_content',
  'client_draft',
] as const;

/**
 * Orders that are not finished: money or codes may still move without an operator's return
 * (created, paid, fulfilling, returning), or a failure may still be reissued (failed). A product
 * with one of them is not removed.
 */
export const OPEN_ORDER_STATES: readonly ClientOrderState[] = [
  'created',
  'paid',
  'fulfilling',
  'failed',
  'returning',
];

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Media ids sent as an array or comma-joined: the distinct ids in order, comma-joined. */
const mediaIds = (max: number, tooMany: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return '';
      const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
      return list.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
    },
    z.union([
      z.literal(''),
      z
        .array(z.string().regex(ID, PRODUCT_REFUSALS.mediaIds.zh), {
          error: PRODUCT_REFUSALS.mediaIds.zh,
        })
        .transform((ids) => [...new Set(ids)])
        .refine((ids) => ids.length <= max, tooMany)
        .transform((ids) => ids.join(',')),
    ]),
  );

/** Comma-joined ids (the wire) from the stored JSON array. */
export function mediaList(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const stored = (wire: string | undefined) =>
  wire ? JSON.stringify(wire.split(',').filter(Boolean)) : null;

/** Every id names a live picture (video) of the tenant, else the field's 400. */
async function assertMedia(
  db: Kysely<DB>,
  tenantId: string,
  table: 'bladePic' | 'bladeVideo',
  wire: string | undefined,
  refusal: string,
) {
  const ids = (wire ?? '').split(',').filter(Boolean);
  if (ids.length === 0) return;
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw badRequest(refusal);
}

/**
 * Refuses to remove products an app is authorised for or that have unfinished orders (409,
 * nothing removed); runs inside the remove transaction.
 */
export async function assertRemovable(db: Kysely<DB>, tenantId: string, ids: string[]) {
  const authorised = await db
    .selectFrom('bladePsclientAppProduct as ap')
    .innerJoin('bladePsclientApp as a', 'a.id', 'ap.appId')
    .select('ap.productId')
    .where('ap.tenantId', '=', tenantId)
    .where('ap.productId', 'in', ids)
    .where('a.tenantId', '=', tenantId)
    .where('a.isDeleted', '=', 0)
    .executeTakeFirst();
  if (authorised) throw conflict(PRODUCT_REFUSALS.authorised.zh);
  const open = await db
    .selectFrom('bladeClientProductOrder')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('productId', 'in', ids)
    .where('isDeleted', '=', 0)
    .where('state', 'in', [...OPEN_ORDER_STATES])
    .executeTakeFirst();
  if (open) throw conflict(PRODUCT_REFUSALS.openOrders.zh);
}

interface Stored {
  id: string;
  pictures: string | null;
  videos: string | null;
}

/** Media as the wire has them, with the stock, the mapped goods and the warning state. */
export async function presentProducts<R extends Stored>(call: TableCall, rows: R[]) {
  const stocks = await productStocks(
    call.db,
    call.user.tenantId,
    rows.map((r) => r.id),
    nowText(),
  );
  return rows.map((r) => {
    const s = stocks.get(r.id)!;
    return {
      ...r,
      pictures: mediaList(r.pictures).join(','),
      videos: mediaList(r.videos).join(','),
      goodCount: s.goodCount,
      availableStock: s.availableStock,
      stockWarn: s.stockWarn,
      belowWarning: s.belowWarning,
    };
  });
}

/**
 * `${CLIENT_SERVICE}/psclient-product` (issue 27 item 3): the client products of the caller's
 * tenant. The engine serves list, list-all (select), get, submit, delete (GET, refused while an
 * app is authorised or orders are open), enable and exportPsClientProduct; routes.ts adds the
 * spec's own calls.
 */
export default defineContractTable({
  contract: psclientProductContract,
  table: 'bladePsclientProduct',
  scope: 'tenant',
  versioned: true,
  readers: PRODUCT_READERS,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: {
    pictures: mediaIds(PICTURES_MAX, PRODUCT_REFUSALS.picturesMax.zh),
    videos: mediaIds(VIDEOS_MAX, PRODUCT_REFUSALS.videosMax.zh),
  },
  toRow: ({ pictures, videos, ...rest }) => ({
    ...rest,
    pictures: stored(pictures),
    videos: stored(videos),
  }),
  beforeSave: async (call, input) => {
    const tenantId = call.user.tenantId;
    await assertMedia(
      call.db,
      tenantId,
      'bladePic',
      input.pictures,
      `pictures:${PRODUCT_REFUSALS.pictures.zh}`,
    );
    await assertMedia(
      call.db,
      tenantId,
      'bladeVideo',
      input.videos,
      `videos:${PRODUCT_REFUSALS.videos.zh}`,
    );
  },
  beforeRemove: async (call, ids) => assertRemovable(call.db, call.user.tenantId, ids),
  decorate: presentProducts,
});
