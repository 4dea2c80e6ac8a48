/**
 * Document numbers of the supplier money core (issue 25 item 17): one format per kind, made here
 * for the live code and the demo data alike, so a number reads the same wherever it came from.
 * `id` is the record's own id (a snowflake from lib/ids.ts: unique and increasing); `time` is
 * the record's time as stored ('yyyy-MM-dd HH:mm:ss'), whose day the number carries.
 *
 * - order `SO` + yyyyMMdd + id (order/fulfil.ts), refund `RO` + yyyyMMdd + id (order/refund.ts);
 * - batch `PC` + id: a batch of codes written by an import, a fetch from the supplier's
 *   interface or a manual obtain (coupon-code/import.ts writeBatch);
 * - card batch `IF` + id: the cards one order fetched from the supplier's interface
 *   (order/fulfil.ts storeCards; the batch's remark is the order's number).
 */
const day = (time: string) => time.slice(0, 10).replace(/-/g, '');

export const orderNoOf = (id: string, time: string) => `SO${day(time)}${id}`;
export const returnNoOf = (id: string, time: string) => `RO${day(time)}${id}`;
export const batchNoOf = (id: string) => `PC${id}`;
export const cardBatchNoOf = (id: string) => `IF${id}`;

/** A snowflake id as text: 18 digits until mid-2027, 19 after. */
const ID = String.raw`\d{18,19}`;
/** What each kind of number looks like (tests hold demo and live numbers to them). */
export const NUMBER_FORMATS = {
  order: new RegExp(`^SO\\d{8}${ID}$`),
  refund: new RegExp(`^RO\\d{8}${ID}$`),
  batch: new RegExp(`^PC${ID}$`),
  cardBatch: new RegExp(`^IF${ID}$`),
} as const;
