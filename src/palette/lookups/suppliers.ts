import type { Page } from '../../contracts/auth';
import {
  SUP_SERVICE,
  supContract,
  type Supplier,
  type SupplierOption,
} from '../../contracts/platform-supplier/sup';
import { syllables, isHanziReading } from '../pinyin';
import type { LookupContext, RecordAction, RecordHit, RecordLookup } from '../record-lookup';

/** A supplier hit keeps its code for "show in the supplier list". */
export interface SupplierHit extends RecordHit {
  supCode: string;
}

const PAGE_SIZE = 10;
const MAX_HITS = 20;

type Row = Pick<Supplier, 'id' | 'supCode' | 'supName'>;

/** 星巴克咖啡 -> 'xbkkf': the first letter of each hanzi's reading (other letters kept). */
export function pinyinInitials(text: string): string {
  const chars = Array.from(text);
  return syllables(text)
    .map((s, i) => (isHanziReading(chars[i] ?? '', s) ? s[0] : /[a-z0-9]/.test(s) ? s : ''))
    .join('');
}

const listUrl = (supCode: string) =>
  `${supContract.route}#${new URLSearchParams({ 'f.supCode': supCode }).toString()}`;

function toHit(row: Row): SupplierHit {
  const supCode = String(row.supCode ?? '');
  return { id: String(row.id), title: String(row.supName ?? ''), subtitle: supCode, supCode };
}

/**
 * Suppliers by name or code (the list's LIKE filters, one request each: a BladeX gateway has
 * no "any of") and, for a term of latin letters, by the pinyin initials of the name, matched
 * here over the enabled suppliers (sup/list-not-page): the server has no pinyin column.
 */
async function searchSuppliers(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<SupplierHit[]> {
  const q = term.trim();
  if (!q) return [];
  const pages = await Promise.all(
    [{ supName: q }, { supCode: q }].map((filter) =>
      context.request<Page<Row>>({
        url: `${SUP_SERVICE}/list`,
        params: { current: 1, size: PAGE_SIZE, ...filter },
        silent: true,
      }),
    ),
  );
  const rows: Row[] = pages.flatMap((page) => page?.records ?? []);
  if (/^[a-z]+$/i.test(q)) {
    const initials = q.toLowerCase();
    const options = await context.request<SupplierOption[]>({
      url: `${SUP_SERVICE}/list-not-page`,
      silent: true,
    });
    // Initials that start the name first, then those found inside it.
    const matched = (options ?? [])
      .map((o) => ({ o, at: pinyinInitials(o.supName).indexOf(initials) }))
      .filter((m) => m.at >= 0)
      .sort((a, b) => a.at - b.at);
    rows.push(...matched.map((m) => m.o));
  }
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

const codeOf = (hit: RecordHit) => (hit as Partial<SupplierHit>).supCode ?? '';

const ACTIONS: readonly RecordAction[] = [
  {
    id: 'supplier.showInList',
    label: 'palette.suppliers.showInList',
    run: (hit, context) => context.navigate(listUrl(codeOf(hit))),
  },
];

/** The `s:` look-up: registered only for users who may read the supplier list. */
export const supplierLookup: RecordLookup = {
  scope: 's',
  label: 'palette.suppliers.label',
  permission: supContract.menu,
  search: searchSuppliers,
  open: (hit, context) => context.navigate(listUrl(codeOf(hit))),
  actions: ACTIONS,
};
