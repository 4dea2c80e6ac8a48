import { labelOf } from '../../../machines/lifecycles/lifecycle';
import { clientOrderLifecycle } from '../../../machines/lifecycles/client-order-machine';
import type { Page } from '../../contracts/auth';
import {
  CLIENT_ORDER,
  clientOrderContract,
  type ClientOrder,
} from '../../contracts/platform-client/client-order';
import { psclientContract, PSCLIENT_SERVICE } from '../../contracts/platform-client/psclient';
import {
  psclientAppContract,
  PSCLIENT_APP_SERVICE,
} from '../../contracts/platform-client/psclient-app';
import {
  psclientProductContract,
  PSCLIENT_PRODUCT,
} from '../../contracts/platform-client/psclient-product';
import type { LookupContext, RecordHit, RecordLookup } from '../record-lookup';

/**
 * The client side's palette look-ups (issue 27 item 10): `a:` access parties and apps, `p:`
 * client products, and the client orders `o:` finds beside the supplier orders
 * (supplier-orders.ts). Each searches the lists' allowlisted LIKE filters, one request per
 * field (a BladeX gateway has no "any of"), and opens its screen filtered to the record with its
 * detail drawer, where the row's actions are the focused row's palette commands.
 */

const PAGE_SIZE = 10;
const MAX_HITS = 10;

/** A hit that knows which screen opens it and by which filter. */
export interface ClientHit extends RecordHit {
  route: string;
  filter: Record<string, string>;
}

type Req = Pick<LookupContext, 'request'>;

/** One list filtered by one LIKE field; a refusal (e.g. no permission for that list) is none. */
async function rowsBy<Row>(url: string, field: string, q: string, context: Req) {
  try {
    const page = await context.request<Page<Row>>({
      url,
      params: { current: 1, size: PAGE_SIZE, [field]: q },
      silent: true,
    });
    return page?.records ?? [];
  } catch {
    return [];
  }
}

const distinct = (hits: ClientHit[]) => {
  const seen = new Set<string>();
  return hits
    .filter((h) => !seen.has(h.route + h.id) && seen.add(h.route + h.id))
    .slice(0, MAX_HITS);
};

export const openClientHit = (hit: RecordHit, context: LookupContext) => {
  const { route, filter } = hit as ClientHit;
  context.navigate(`${route}#${new URLSearchParams({ ...filter, open: hit.id }).toString()}`);
};

interface PartyRow {
  id: string;
  clientCode: string;
  clientName: string;
}
interface AppRow {
  id: string;
  appKey: string;
  appName: string;
  clientName: string;
}

async function searchAccess(term: string, context: Req): Promise<ClientHit[]> {
  const q = term.trim();
  if (!q) return [];
  const [byName, byCode, byApp, byKey] = await Promise.all([
    rowsBy<PartyRow>(`${PSCLIENT_SERVICE}/list`, 'clientName', q, context),
    rowsBy<PartyRow>(`${PSCLIENT_SERVICE}/list`, 'clientCode', q, context),
    rowsBy<AppRow>(`${PSCLIENT_APP_SERVICE}/list`, 'appName', q, context),
    rowsBy<AppRow>(`${PSCLIENT_APP_SERVICE}/list`, 'appKey', q, context),
  ]);
  const party = (r: PartyRow): ClientHit => ({
    id: String(r.id),
    title: r.clientName,
    subtitle: { zh: `接入方 · ${r.clientCode}`, en: `Access party · ${r.clientCode}` },
    route: psclientContract.route,
    filter: { 'f.clientCode': r.clientCode },
  });
  const app = (r: AppRow): ClientHit => ({
    id: String(r.id),
    title: r.appName,
    subtitle: {
      zh: `应用 · ${r.appKey} · ${r.clientName}`,
      en: `App · ${r.appKey} · ${r.clientName}`,
    },
    route: psclientAppContract.route,
    filter: { 'f.appKey': r.appKey },
  });
  return distinct([...byName, ...byCode].map(party).concat([...byApp, ...byKey].map(app)));
}

/** `a:` access parties (by name or code) and apps (by name or appKey). */
export const accessLookup: RecordLookup = {
  scope: 'a',
  label: 'clientOrders.lookup.access',
  permission: psclientContract.menu,
  alsoFor: [psclientAppContract.menu],
  search: searchAccess,
  open: openClientHit,
};

interface ProductRow {
  id: string;
  productCode: string;
  productName: string;
  salePrice: number;
}

async function searchProducts(term: string, context: Req): Promise<ClientHit[]> {
  const q = term.trim();
  if (!q) return [];
  const [byName, byCode] = await Promise.all([
    rowsBy<ProductRow>(`${PSCLIENT_PRODUCT}/list`, 'productName', q, context),
    rowsBy<ProductRow>(`${PSCLIENT_PRODUCT}/list`, 'productCode', q, context),
  ]);
  return distinct(
    [...byName, ...byCode].map((r) => ({
      id: String(r.id),
      title: r.productName,
      subtitle: `${r.productCode} · ¥${r.salePrice}`,
      route: psclientProductContract.route,
      filter: { 'f.productCode': r.productCode },
    })),
  );
}

/** `p:` client products by name or code. */
export const productLookup: RecordLookup = {
  scope: 'p',
  label: 'clientOrders.lookup.products',
  permission: psclientProductContract.menu,
  search: searchProducts,
  open: openClientHit,
};

type OrderRow = Pick<
  ClientOrder,
  'id' | 'orderNo' | 'outOrderNo' | 'productName' | 'appName' | 'state'
>;

const orderSubtitle = (row: OrderRow, lang: 'zh' | 'en') =>
  [
    lang === 'zh' ? '接入方订单' : 'Client order',
    row.outOrderNo,
    row.productName,
    row.appName,
    row.state && labelOf(clientOrderLifecycle.states, row.state, lang),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Client orders whose number or the app's number starts with the term (a prefix LIKE, checked
 * again here): what `o:` adds to the supplier orders for holders of the client order list.
 */
export async function searchClientOrders(
  term: string,
  context: Req,
  fields: readonly ('orderNo' | 'outOrderNo')[] = ['orderNo', 'outOrderNo'],
): Promise<ClientHit[]> {
  const q = term.trim();
  if (!q) return [];
  const prefix = q.toUpperCase();
  const found = await Promise.all(
    fields.map(async (field) =>
      (await rowsBy<OrderRow>(`${CLIENT_ORDER}/list`, `${field}_likeright`, q, context)).filter(
        (r) =>
          String(r[field] ?? '')
            .toUpperCase()
            .startsWith(prefix),
      ),
    ),
  );
  return distinct(
    found.flat().map((r) => ({
      id: String(r.id),
      title: r.orderNo,
      subtitle: { zh: orderSubtitle(r, 'zh'), en: orderSubtitle(r, 'en') },
      route: clientOrderContract.route,
      filter: { 'f.orderNo': r.orderNo },
    })),
  );
}
