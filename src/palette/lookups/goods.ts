import type { Page } from '../../contracts/auth';
import {
  SUP_GOOD,
  supGoodContract,
  type SupGood,
} from '../../contracts/platform-supplier/sup-good';
import type { LookupContext, RecordAction, RecordHit, RecordLookup } from '../record-lookup';

/** A good hit keeps its code for "show in the goods list". */
export interface GoodHit extends RecordHit {
  goodCode: string;
}

const PAGE_SIZE = 10;
const HANZI = /\p{Script=Han}/u;
const MAX_HITS = 20;

type Row = Pick<SupGood, 'id' | 'goodCode' | 'goodName' | 'supName'>;

const listUrl = (goodCode: string) =>
  `${supGoodContract.route}#${new URLSearchParams({ 'f.goodCode': goodCode }).toString()}`;

const codeOf = (hit: RecordHit) => (hit as Partial<GoodHit>).goodCode ?? '';

function toHit(row: Row): GoodHit {
  const goodCode = String(row.goodCode ?? '');
  const supName = String(row.supName ?? '');
  return {
    id: String(row.id),
    title: String(row.goodName ?? ''),
    subtitle: supName ? `${goodCode} · ${supName}` : goodCode,
    goodCode,
  };
}

/**
 * Goods by code or name: the list's LIKE filters, one request each (a BladeX gateway has no
 * "any of"), code matches first, each good once.
 */
async function searchGoods(
  term: string,
  context: Pick<LookupContext, 'request'>,
  plain = false,
): Promise<GoodHit[]> {
  const q = term.trim();
  if (!q) return [];
  // Plain text asks one field (issue 25 item 13): the name for hanzi, else the code.
  const filters = plain
    ? [HANZI.test(q) ? { goodName: q } : { goodCode: q }]
    : [{ goodCode: q }, { goodName: q }];
  const pages = await Promise.all(
    filters.map((filter) =>
      context.request<Page<Row>>({
        url: `${SUP_GOOD}/list`,
        params: { current: 1, size: PAGE_SIZE, ...filter },
        silent: true,
      }),
    ),
  );
  const seen = new Set<string>();
  const hits: GoodHit[] = [];
  for (const row of pages.flatMap((page) => page?.records ?? [])) {
    const id = String(row.id);
    if (seen.has(id)) continue;
    seen.add(id);
    hits.push(toHit(row));
    if (hits.length >= MAX_HITS) break;
  }
  return hits;
}

/** A confirmed call on the chosen good, behind its button code (as the screen's row action). */
function call(
  id: string,
  path: 'batch-on-shelf' | 'enable',
  params: Record<string, string>,
  permission: string,
  keys: Pick<RecordAction, 'label' | 'confirm' | 'done'>,
): RecordAction {
  return {
    id,
    permission,
    ...keys,
    run: async (hit, context) => {
      await context.request({
        url: `${SUP_GOOD}/${path}`,
        method: 'POST',
        params: { ids: hit.id, ...params },
        silent: true,
      });
    },
  };
}

const ACTIONS: readonly RecordAction[] = [
  {
    id: 'goods.showInList',
    label: 'palette.goods.showInList',
    run: (hit, context) => context.navigate(listUrl(codeOf(hit))),
  },
  call('goods.onShelf', 'batch-on-shelf', { onShelf: '1' }, 'supplier_goods_on_shelf', {
    label: 'palette.goods.onShelf',
    confirm: 'palette.goods.onShelfConfirm',
    done: 'palette.goods.onShelfDone',
  }),
  call('goods.offShelf', 'batch-on-shelf', { onShelf: '0' }, 'supplier_goods_on_shelf', {
    label: 'palette.goods.offShelf',
    confirm: 'palette.goods.offShelfConfirm',
    done: 'palette.goods.offShelfDone',
  }),
  call('goods.enable', 'enable', { status: '1' }, 'supplier_goods_enable', {
    label: 'palette.goods.enable',
    confirm: 'palette.goods.enableConfirm',
    done: 'palette.goods.enableDone',
  }),
  call('goods.disable', 'enable', { status: '0' }, 'supplier_goods_enable', {
    label: 'palette.goods.disable',
    confirm: 'palette.goods.disableConfirm',
    done: 'palette.goods.disableDone',
  }),
];

/** The `g:` look-up (supplier goods): registered only for users who may read the goods list. */
export const goodLookup: RecordLookup = {
  scope: 'g',
  label: 'palette.goods.label',
  permission: supGoodContract.menu,
  search: (term, context) => searchGoods(term, context),
  open: (hit, context) => context.navigate(listUrl(codeOf(hit))),
  actions: ACTIONS,
  plain: { accepts: () => true, search: (term, context) => searchGoods(term, context, true) },
};
