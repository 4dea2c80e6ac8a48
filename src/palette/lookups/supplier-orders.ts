import { allows, labelOf } from '../../../machines/lifecycles/lifecycle';
import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import type { Page } from '../../contracts/auth';
import {
  SUP_ORDER,
  supOrderContract,
  type SupOrder,
} from '../../contracts/platform-supplier/sup-order';
import { SUP_RETURN_ORDER_CODES } from '../../contracts/platform-supplier/sup-return-order';
import { openOrderRefund } from '../../resources/platform-supplier/sup-order-refund-store';
import type { LookupContext, RecordHit, RecordLookup } from '../record-lookup';
import { clientOrderContract } from '../../contracts/platform-client/client-order';
import { openClientHit, searchClientOrders } from './client-records';

/** An order hit keeps its number for "show in the order list" and its state for 退款. */
export interface OrderHit extends RecordHit {
  orderNo: string;
  /** supOrderLifecycle state: which of the record's actions apply. */
  state: string;
}

const PAGE_SIZE = 20;
const MAX_HITS = 10;

type Row = Pick<
  SupOrder,
  'id' | 'orderNo' | 'clientOrderId' | 'goodName' | 'supName' | 'state' | 'quantity'
>;

/** The two numbers an order is found by: its own and the client's (issue 25 item 13). */
type NumberField = 'orderNo' | 'clientOrderId';

/**
 * The order list filtered to one order number (the list's hash view, `f.orderNo`), with that
 * order's detail drawer open when its id is given (`open`).
 */
export const orderListUrl = (orderNo: string, id?: string) =>
  `${supOrderContract.route}#${new URLSearchParams({
    'f.orderNo': orderNo,
    ...(id ? { open: id } : {}),
  }).toString()}`;

/** Goods, supplier, state; led by the client order number when that is what matched. */
const subtitle = (row: Row, lang: 'zh' | 'en', via: NumberField) =>
  [
    via === 'clientOrderId' ? row.clientOrderId : '',
    row.goodName,
    row.supName,
    row.state && labelOf(supOrderLifecycle.states, row.state, lang),
  ]
    .filter(Boolean)
    .join(' · ');

const numberOf = (hit: RecordHit) => (hit as Partial<OrderHit>).orderNo ?? '';
const stateOf = (hit: RecordHit) => (hit as Partial<OrderHit>).state ?? '';

function toHit(row: Row, via: NumberField): OrderHit {
  return {
    id: String(row.id),
    title: String(row.orderNo),
    // The state in the palette's language, from the order's lifecycle (never the stored id).
    subtitle: { zh: subtitle(row, 'zh', via), en: subtitle(row, 'en', via) },
    orderNo: String(row.orderNo),
    state: String(row.state ?? ''),
  };
}

/**
 * Orders whose `field` starts with `q`, case ignored: BladeX's `_likeright` (a prefix LIKE) on
 * the list, the newest first as the list sorts them; the prefix is checked here again (a gateway
 * that ignored the suffix would answer every order).
 */
async function ordersBy(
  field: NumberField,
  q: string,
  context: Pick<LookupContext, 'request'>,
): Promise<Row[]> {
  const page = await context.request<Page<Row>>({
    url: `${SUP_ORDER}/list`,
    params: { current: 1, size: PAGE_SIZE, [`${field}_likeright`]: q },
    silent: true,
  });
  const prefix = q.toUpperCase();
  return (page?.records ?? []).filter((row) =>
    String(row[field] ?? '')
      .toUpperCase()
      .startsWith(prefix),
  );
}

/**
 * Supplier orders whose number or client order number starts with the term: one request each
 * (a BladeX gateway has no "any of"), orders by their own number first, each order once.
 */
async function searchSupplierOrders(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<OrderHit[]> {
  const q = term.trim();
  if (!q) return [];
  const [byNo, byClient] = await Promise.all([
    ordersBy('orderNo', q, context),
    ordersBy('clientOrderId', q, context),
  ]).catch(() => [[], []] as Row[][]);
  const seen = new Set<string>();
  const hits: OrderHit[] = [];
  for (const [rows, via] of [
    [byNo, 'orderNo'],
    [byClient, 'clientOrderId'],
  ] as const) {
    for (const row of rows) {
      const id = String(row.id);
      if (seen.has(id)) continue;
      seen.add(id);
      hits.push(toHit(row, via));
    }
  }
  return hits.slice(0, MAX_HITS);
}

/**
 * `o:` finds supplier orders and client orders (issue 27 item 10): each list answers for those
 * who hold it (a refused list is no hits), supplier orders first.
 */
async function searchOrders(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<RecordHit[]> {
  const [supplier, client] = await Promise.all([
    searchSupplierOrders(term, context),
    searchClientOrders(term, context),
  ]);
  return [...supplier, ...client];
}

/** A client order hit carries the screen it opens on (client-records.ts). */
const isClientHit = (hit: RecordHit) => 'route' in hit;

/** The platform's own order numbers: 'SO' + date + id (server platform-supplier/numbers.ts). */
const OWN_NUMBER = /^so\d/i;
/** Client orders: 'CO' + date + id (server platform-client/numbers.ts). */
const CLIENT_NUMBER = /^co\d/i;

/**
 * Plain text that could be (the start of) an order number: one word of at least 4 letters,
 * digits, '-' or '_', with a digit in it ("SO2026", "CO20261126"); not a word or a name.
 */
export const looksLikeOrderNumber = (term: string) =>
  /^[A-Za-z0-9_-]{4,64}$/.test(term) && /\d/.test(term);

/**
 * Plain text asks one number only: the platform's own when it starts like one ('SO' + digit),
 * else the client's.
 */
async function plainSearch(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<RecordHit[]> {
  const q = term.trim();
  const via: NumberField = OWN_NUMBER.test(q) ? 'orderNo' : 'clientOrderId';
  // Not the platform's supplier number: also a client order, by its own number ('CO' + digit)
  // or by the app's.
  const [own, client] = await Promise.all([
    ordersBy(via, q, context).catch(() => [] as Row[]),
    via === 'orderNo'
      ? []
      : searchClientOrders(q, context, [CLIENT_NUMBER.test(q) ? 'orderNo' : 'outOrderNo']),
  ]);
  return [...own.slice(0, MAX_HITS).map((row) => toHit(row, via)), ...client];
}

/**
 * The `o:` look-up (supplier orders by their number or the client's, issue 18 item 7 and issue
 * 25 item 13): registered only for users who hold the order list. Choosing one opens the order
 * list filtered to it with its detail drawer (on a fresh load of the list: a list already on
 * display keeps its view), where its row actions (补发, 重发, 退款 where the machine allows them)
 * are the focused row's palette commands. Its page offers 退款 itself (issue 25 item 7): the
 * refund dialog for this order, for a holder of the refund screen's button.
 */
export const supplierOrderLookup: RecordLookup = {
  scope: 'o',
  label: 'supplierOrders.lookup.orders',
  permission: supOrderContract.menu,
  alsoFor: [clientOrderContract.menu],
  search: searchOrders,
  open: (hit, context) =>
    isClientHit(hit)
      ? openClientHit(hit, context)
      : context.navigate(orderListUrl(numberOf(hit), hit.id)),
  actions: [
    {
      id: 'orders.refund',
      label: 'supplierOrders.refund.open',
      permission: SUP_RETURN_ORDER_CODES.refund,
      when: (hit) => !isClientHit(hit) && allows(supOrderLifecycle, stateOf(hit), 'refund'),
      // The dialog confirms (quantity, reason) and gives focus back where the palette had it.
      run: (hit, context) =>
        openOrderRefund(
          { id: hit.id, orderNo: numberOf(hit) },
          context.takeFocus?.() ?? context.opener,
        ),
    },
    {
      id: 'orders.showInList',
      label: 'supplierOrders.lookup.showInList',
      run: (hit, context) =>
        isClientHit(hit)
          ? openClientHit(hit, context)
          : context.navigate(orderListUrl(numberOf(hit))),
    },
  ],
  plain: { accepts: looksLikeOrderNumber, search: plainSearch },
};
