import type { Page } from '../../contracts/auth';
import {
  SUP_SERVICE,
  supContract,
  type Supplier,
  type SupplierOption,
} from '../../contracts/platform-supplier/sup';
import { buildIndex, rank } from '../ranking';
import type { LookupContext, RecordAction, RecordHit, RecordLookup } from '../record-lookup';

/** A supplier hit keeps its code for "show in the supplier list". */
export interface SupplierHit extends RecordHit {
  supCode: string;
}

const PAGE_SIZE = 10;
const MAX_HITS = 20;

type Row = Pick<Supplier, 'id' | 'supCode' | 'supName'>;

const listUrl = (supCode: string) =>
  `${supContract.route}#${new URLSearchParams({ 'f.supCode': supCode }).toString()}`;

function toHit(row: Row): SupplierHit {
  const supCode = String(row.supCode ?? '');
  return { id: String(row.id), title: String(row.supName ?? ''), subtitle: supCode, supCode };
}

/**
 * Enabled suppliers (sup/list-not-page) matched the way the palette ranks its commands: the
 * name as hanzi, full pinyin ("meituan") and initials ("mt"), mixed ("美tuan"), and the code;
 * best first (exact, prefix, word, then inside the name). The server has no pinyin column, and
 * a tenant's suppliers are few. Fuzzy matches (letters in order with gaps) are left out: over
 * names nobody chose the words of, they are noise.
 */
async function enabledMatching(
  q: string,
  context: Pick<LookupContext, 'request'>,
): Promise<SupplierOption[]> {
  const options = await context.request<SupplierOption[]>({
    url: `${SUP_SERVICE}/list-not-page`,
    silent: true,
  });
  const items = (options ?? []).map((o) => ({
    id: String(o.id),
    label: { zh: String(o.supName ?? ''), en: String(o.supName ?? '') },
    keywords: [String(o.supCode ?? '')],
    option: o,
  }));
  return rank(buildIndex(items), q, { limit: MAX_HITS * 2 })
    .filter((r) => r.tier !== 'fuzzy')
    .map((r) => r.item.option);
}

/** Each supplier once, in the order found, at most MAX_HITS. */
function distinctHits(rows: readonly Row[]): SupplierHit[] {
  const seen = new Set<string>();
  const hits: SupplierHit[] = [];
  for (const row of rows) {
    const id = String(row.id);
    if (seen.has(id)) continue;
    seen.add(id);
    hits.push(toHit(row));
    if (hits.length >= MAX_HITS) break;
  }
  return hits;
}

/**
 * Suppliers by name or code (the list's LIKE filters, one request each: a BladeX gateway has
 * no "any of"; disabled suppliers too) and, for a term with latin letters, by the pinyin of the
 * name, full or initials (issue 25 item 13), over the enabled suppliers.
 */
async function searchSuppliers(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<SupplierHit[]> {
  const q = term.trim();
  if (!q) return [];
  const [pages, byPinyin] = await Promise.all([
    Promise.all(
      [{ supName: q }, { supCode: q }].map((filter) =>
        context.request<Page<Row>>({
          url: `${SUP_SERVICE}/list`,
          params: { current: 1, size: PAGE_SIZE, ...filter },
          silent: true,
        }),
      ),
    ),
    /[a-z]/i.test(q) ? enabledMatching(q, context) : Promise.resolve([]),
  ]);
  return distinctHits([...pages.flatMap((page) => page?.records ?? []), ...byPinyin]);
}

/** Plain text: one request, the enabled suppliers by name, pinyin, initials or code. */
async function plainSuppliers(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<SupplierHit[]> {
  const q = term.trim();
  return q ? distinctHits(await enabledMatching(q, context)) : [];
}

const codeOf = (hit: RecordHit) => (hit as Partial<SupplierHit>).supCode ?? '';

const ACTIONS: readonly RecordAction[] = [
  {
    id: 'supplier.showInList',
    label: 'palette.suppliers.showInList',
    run: (hit, context) => context.navigate(listUrl(codeOf(hit))),
  },
];

/**
 * The `s:` look-up: registered only for users who may read the supplier list; plain text asks
 * it too (a bare 美团 or meituan finds the supplier).
 */
export const supplierLookup: RecordLookup = {
  scope: 's',
  label: 'palette.suppliers.label',
  permission: supContract.menu,
  search: searchSuppliers,
  open: (hit, context) => context.navigate(listUrl(codeOf(hit))),
  actions: ACTIONS,
  plain: { accepts: () => true, search: plainSuppliers },
};
