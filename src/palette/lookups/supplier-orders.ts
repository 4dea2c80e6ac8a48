import type { Page } from '../../contracts/auth';
import {
  SUP_ORDER,
  supOrderContract,
  type SupOrder,
} from '../../contracts/platform-supplier/sup-order';
import type { RecordHit, RecordLookup } from '../record-lookup';

/** An order hit keeps its number for "show in the order list". */
export interface OrderHit extends RecordHit {
  orderNo: string;
}

const PAGE_SIZE = 20;
const MAX_HITS = 10;

type Row = Pick<SupOrder, 'id' | 'orderNo' | 'goodName' | 'supName' | 'stateName' | 'quantity'>;

/**
 * The order list filtered to one order number (the list's hash view, `f.orderNo`), with that
 * order's detail drawer open when its id is given (`open`).
 */
export const orderListUrl = (orderNo: string, id?: string) =>
  `${supOrderContract.route}#${new URLSearchParams({
    'f.orderNo': orderNo,
    ...(id ? { open: id } : {}),
  }).toString()}`;

const numberOf = (hit: RecordHit) => (hit as Partial<OrderHit>).orderNo ?? '';

/**
 * Supplier orders whose number starts with the term: the list's orderNo filter (LIKE) narrows
 * on the server, the prefix is kept here; the newest first, as the list sorts them.
 */
async function searchOrders(
  term: string,
  context: Parameters<RecordLookup['search']>[1],
): Promise<OrderHit[]> {
  const q = term.trim();
  if (!q) return [];
  const page = await context.request<Page<Row>>({
    url: `${SUP_ORDER}/list`,
    params: { current: 1, size: PAGE_SIZE, orderNo: q },
    silent: true,
  });
  return (page?.records ?? [])
    .filter((row) => String(row.orderNo ?? '').startsWith(q))
    .slice(0, MAX_HITS)
    .map((row) => ({
      id: String(row.id),
      title: String(row.orderNo),
      subtitle: [row.goodName, row.supName, row.stateName].filter(Boolean).join(' · '),
      orderNo: String(row.orderNo),
    }));
}

/**
 * The `o:` look-up (supplier orders by number; issue 18 item 7): registered only for users who
 * hold the order list. Choosing one opens the order list filtered to it with its detail drawer
 * (on a fresh load of the list: a list already on display keeps its view), where its row actions
 * (补发, 重发 where the machine allows them) are the focused row's palette commands.
 */
export const supplierOrderLookup: RecordLookup = {
  scope: 'o',
  label: 'supplierOrders.lookup.orders',
  permission: supOrderContract.menu,
  search: searchOrders,
  open: (hit, context) => context.navigate(orderListUrl(numberOf(hit), hit.id)),
  actions: [
    {
      id: 'orders.showInList',
      label: 'supplierOrders.lookup.showInList',
      run: (hit, context) => context.navigate(orderListUrl(numberOf(hit))),
    },
  ],
};
