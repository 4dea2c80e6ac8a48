import { describe, expect, it } from 'vitest';
import { syllables } from './pinyin';
import {
  KEYWORD_PENALTY,
  RECENCY_HALF_LIFE_MS,
  RECENCY_MAX_BOOST,
  buildIndex,
  createRanker,
  rank,
  type MatchTier,
  type RankOptions,
  type Ranked,
  type Searchable,
} from './ranking';

/** Screens and actions of the seeded menu, as the palette lists them. */
const MENU: Searchable[] = [
  { id: 'supplier', label: { zh: '供应商管理', en: 'Suppliers' }, keywords: ['供应商'] },
  { id: 'goods', label: { zh: '商品管理', en: 'Goods' }, keywords: ['商品中心 / 商品管理'] },
  { id: 'user', label: { zh: '用户管理', en: 'Users' }, keywords: ['系统管理 / 用户管理'] },
  { id: 'order', label: { zh: '订单管理', en: 'Orders' }, keywords: ['订单中心 / 订单管理'] },
  { id: 'coupon', label: { zh: '券码管理', en: 'Coupon codes' } },
  { id: 'role', label: { zh: '角色管理', en: 'Roles' }, keywords: ['系统管理 / 角色管理'] },
  { id: 'menu', label: { zh: '菜单管理', en: 'Menus' }, keywords: ['系统管理 / 菜单管理'] },
  { id: 'dept', label: { zh: '部门管理', en: 'Departments' }, keywords: ['系统管理 / 部门管理'] },
  { id: 'dict', label: { zh: '字典管理', en: 'Dictionaries' }, keywords: ['系统管理 / 字典管理'] },
  { id: 'param', label: { zh: '参数管理', en: 'Parameters' }, keywords: ['系统管理 / 参数管理'] },
  { id: 'store', label: { zh: '门店管理', en: 'Stores' } },
  {
    id: 'reconcile',
    label: { zh: '财务对账', en: 'Reconciliation' },
    keywords: ['财务管理 / 财务对账'],
  },
  {
    id: 'supplier-add',
    label: { zh: '新增供应商', en: 'New supplier' },
    keywords: ['供应商管理 / 新增'],
  },
  { id: 'supplier-export', label: { zh: '导出供应商', en: 'Export suppliers' } },
];

const index = buildIndex(MENU);

function ids(results: readonly Ranked<Searchable>[]): string[] {
  return results.map((r) => r.item.id);
}

function tierOf(query: string, id: string, options?: RankOptions): MatchTier | undefined {
  return rank(index, query, options).find((r) => r.item.id === id)?.tier;
}

const TIER_ORDER: readonly MatchTier[] = ['exact', 'prefix', 'word', 'substring', 'fuzzy'];

describe('palette ranking: hanzi', () => {
  it('finds 供应商管理 by a hanzi prefix', () => {
    expect(tierOf('供应', 'supplier')).toBe('prefix');
    expect(ids(rank(index, '供应'))[0]).toBe('supplier');
  });

  it('finds a hanzi in the middle as a substring, and at the start as a prefix', () => {
    expect(tierOf('商', 'supplier')).toBe('substring');
    expect(tierOf('商', 'goods')).toBe('prefix');
  });

  it('treats the start of a breadcrumb segment as a word', () => {
    const crumbs = buildIndex([
      { id: 'add', label: { zh: '新增', en: 'Add' }, keywords: ['系统管理 / 用户管理'] },
    ]);
    expect(rank(crumbs, '用户')[0]?.tier).toBe('word');
    expect(rank(crumbs, '户管')[0]?.tier).toBe('substring');
  });
});

describe('palette ranking: pinyin', () => {
  it('matches full pinyin as prefix and as exact', () => {
    expect(tierOf('gongying', 'supplier')).toBe('prefix');
    expect(tierOf('gongyingshangguanli', 'supplier')).toBe('exact');
    // the keyword 供应商 read in full
    expect(tierOf('gongyingshang', 'supplier')).toBe('exact');
  });

  it('matches pinyin from a later syllable as a word', () => {
    expect(tierOf('shang', 'supplier')).toBe('word');
    expect(tierOf('yingshang', 'supplier')).toBe('word');
    expect(tierOf('shang', 'goods')).toBe('prefix');
  });

  it('does not match pinyin that starts inside a syllable as a substring', () => {
    expect(tierOf('ongying', 'supplier')).toBe('fuzzy');
    expect(tierOf('ingshang', 'supplier')).toBe('fuzzy');
  });

  it('ignores spaces between syllables', () => {
    expect(tierOf('gong ying', 'supplier')).toBe('prefix');
  });

  it('matches initials as exact, prefix and substring', () => {
    expect(tierOf('gys', 'supplier')).toBe('exact'); // keyword 供应商
    expect(tierOf('gysgl', 'supplier')).toBe('exact');
    expect(tierOf('gy', 'supplier')).toBe('prefix');
    expect(tierOf('ys', 'supplier')).toBe('substring');
    expect(tierOf('dd', 'order')).toBe('prefix');
  });

  it('types ü as v', () => {
    const green = buildIndex([{ id: 'g', label: { zh: '绿色通道', en: 'Fast lane' } }]);
    expect(rank(green, 'lvse')[0]?.tier).toBe('prefix');
  });
});

describe('palette ranking: mixed hanzi and latin input', () => {
  it('consumes hanzi, syllables and initials in order from the first character', () => {
    for (const query of [
      '供应shang',
      '供ys',
      'gong应',
      '供应s',
      '供ying商',
      'gongys',
      'gongyshang',
    ]) {
      expect(tierOf(query, 'supplier'), query).toBe('prefix');
    }
  });

  it('ranks mixed input that starts at a later character as a word', () => {
    expect(tierOf('应shang', 'supplier')).toBe('word');
    expect(tierOf('应s', 'supplier')).toBe('word');
    expect(tierOf('供应shang', 'supplier-export')).toBe('word');
  });

  it('reads pinyin words and initials together across a space', () => {
    expect(tierOf('xinzeng gys', 'supplier-add')).toBe('prefix');
    expect(tierOf('xz供应', 'supplier-add')).toBe('prefix');
  });

  it('accepts zh/ch/sh as initials', () => {
    expect(tierOf('gysh', 'supplier')).toBe('prefix');
    expect(tierOf('gyshgl', 'supplier')).toBe('prefix');
    expect(tierOf('zhcwdzh', 'reconcile')).toBeUndefined();
    expect(tierOf('cwdzh', 'reconcile')).toBe('prefix');
  });

  it('does not match letters that no reading explains', () => {
    expect(tierOf('供应x', 'supplier')).toBeUndefined();
    expect(tierOf('gongx', 'supplier')).toBeUndefined();
  });
});

describe('palette ranking: English and keywords', () => {
  it('matches English names by prefix, exactly and case-insensitively', () => {
    expect(tierOf('sup', 'supplier')).toBe('prefix');
    expect(tierOf('supplier', 'supplier')).toBe('prefix');
    expect(tierOf('suppliers', 'supplier')).toBe('exact');
    expect(tierOf('SUPPLIERS', 'supplier')).toBe('exact');
    expect(tierOf('  Sup ', 'supplier')).toBe('prefix');
  });

  it('treats a space as a word separator', () => {
    expect(tierOf('new sup', 'supplier-add')).toBe('prefix');
    expect(tierOf('NEW   Sup', 'supplier-add')).toBe('prefix');
    expect(tierOf('codes', 'coupon')).toBe('word');
    expect(tierOf('oupon', 'coupon')).toBe('substring');
    // each word starts a word, in order
    expect(tierOf('exp sup', 'supplier-export')).toBe('prefix');
    expect(tierOf('coup cod', 'coupon')).toBe('prefix');
    expect(tierOf('sup', 'supplier-export')).toBe('word');
    expect(tierOf('sup ex', 'supplier-export')).toBeUndefined();
  });

  it('matches English fuzzily when the letters are in order', () => {
    expect(tierOf('rcnl', 'reconcile')).toBe('fuzzy');
    expect(tierOf('newsup', 'supplier-add')).toBe('fuzzy');
  });

  it('finds an item by a breadcrumb keyword', () => {
    expect(tierOf('caiwuguanli', 'reconcile')).toBe('prefix');
    const system = rank(index, 'xitong');
    expect(ids(system)).toEqual(['user', 'role', 'menu', 'dept', 'dict', 'param']);
    expect(system.every((r) => r.tier === 'prefix')).toBe(true);
    expect(tierOf('系统', 'dept')).toBe('prefix');
  });

  it('does not match keywords fuzzily', () => {
    const kw = buildIndex([
      { id: 'k', label: { zh: '新增', en: 'Add' }, keywords: ['Supplier', '供应商管理'] },
    ]);
    expect(rank(kw, 'spl')).toEqual([]);
    expect(rank(kw, 'gngl')).toEqual([]);
    expect(rank(kw, 'sup')[0]?.tier).toBe('prefix');
    expect(rank(kw, 'gysg')[0]?.tier).toBe('prefix');
  });
});

describe('palette ranking: order and scores', () => {
  it('puts exact before prefix before word before substring before fuzzy', () => {
    for (const query of ['gys', 'g', 'shang', 'ys', 'yh', '商', 's', 'sup']) {
      const tiers = rank(index, query).map((r) => TIER_ORDER.indexOf(r.tier));
      expect(tiers, query).toEqual([...tiers].sort((a, b) => a - b));
    }
    const gys = rank(index, 'gys');
    expect(gys[0]?.tier).toBe('exact');
    expect(gys[0]?.item.id).toBe('supplier');
    expect(gys.map((r) => r.tier)).toContain('prefix');
  });

  it('scores the tiers 4, 3, 2, 1 and fuzzy below 1 by tightness', () => {
    expect(rank(index, 'suppliers')[0]?.score).toBe(4);
    expect(rank(index, 'gongying')[0]?.score).toBe(3);
    expect(rank(index, 'yingshang')[0]?.score).toBe(2);
    expect(rank(index, 'ys')[0]?.score).toBe(1);
    const fuzzy = rank(index, 'ongying').find((r) => r.item.id === 'supplier');
    expect(fuzzy?.score).toBeGreaterThan(0);
    expect(fuzzy?.score).toBeLessThanOrEqual(0.5);
  });

  it('prefers the tighter fuzzy match', () => {
    const two = buildIndex([
      { id: 'loose', label: { zh: '', en: 'Renew connection list' } },
      { id: 'tight', label: { zh: '', en: 'Reconcile' } },
    ]);
    expect(ids(rank(two, 'rcn'))).toEqual(['tight', 'loose']);
  });

  it('ranks a match in a label above the same match in a keyword only', () => {
    expect(rank(index, 'gys')[0]?.score).toBe(4 - KEYWORD_PENALTY); // the keyword 供应商
    const crumbs = buildIndex([
      { id: 'crumb', label: { zh: '新增', en: 'Add' }, keywords: ['系统管理 / 用户管理'] },
      { id: 'label', label: { zh: '系统监控中心', en: 'System monitor' } },
      { id: 'word', label: { zh: '监控系统', en: 'Monitor' } },
    ]);
    const results = rank(crumbs, 'xitong');
    expect(results.map((r) => [r.item.id, r.tier])).toEqual([
      ['label', 'prefix'],
      ['crumb', 'prefix'],
      ['word', 'word'],
    ]);
    expect(results[1]?.score).toBe(3 - KEYWORD_PENALTY);
  });

  it('puts the shorter label first within a tier, then the original order', () => {
    const two = buildIndex([
      { id: 'long', label: { zh: '供应商管理', en: 'Suppliers' } },
      { id: 'short', label: { zh: '供应商', en: 'Supplier' } },
      { id: 'short-too', label: { zh: '供应链', en: 'Supply chain' } },
    ]);
    expect(ids(rank(two, 'gongy'))).toEqual(['short', 'short-too', 'long']);
  });

  it('lets recency reorder equal matches, most recent first', () => {
    const now = Date.UTC(2025, 0, 15);
    const plain = ids(rank(index, '管理'));
    // all substrings: the shorter labels first (商品管理 before 供应商管理), then menu order
    expect(plain.slice(0, 3)).toEqual(['goods', 'user', 'order']);
    expect(plain.indexOf('supplier')).toBeGreaterThan(plain.indexOf('store'));
    const recency = new Map([
      ['store', now - 60_000],
      ['menu', now - 3_600_000],
    ]);
    expect(ids(rank(index, '管理', { recency, now })).slice(0, 3)).toEqual([
      'store',
      'menu',
      'goods',
    ]);
  });

  it('boosts by 1.25 halving every three days', () => {
    const now = Date.UTC(2025, 0, 15);
    const at = (age: number) =>
      rank(index, 'yonghu', { recency: new Map([['user', now - age]]), now })[0]?.score;
    expect(at(0)).toBeCloseTo(3 + RECENCY_MAX_BOOST);
    expect(at(RECENCY_HALF_LIFE_MS)).toBeCloseTo(3 + RECENCY_MAX_BOOST / 2);
    expect(at(-5_000)).toBeCloseTo(3 + RECENCY_MAX_BOOST); // clock skew: never above the max
  });

  it('lets a just-used item overtake the next tier, but an older one only its own', () => {
    const now = Date.UTC(2025, 0, 15);
    expect(ids(rank(index, 'shang'))[0]).toBe('goods'); // prefix above the word matches
    const justNow = new Map([['supplier-export', now - 60_000]]);
    expect(ids(rank(index, 'shang', { recency: justNow, now }))[0]).toBe('supplier-export');
    const lastWeek = new Map([['supplier-export', now - 7 * 24 * 3_600_000]]);
    const older = ids(rank(index, 'shang', { recency: lastWeek, now }));
    expect(older.slice(0, 2)).toEqual(['goods', 'supplier-export']);
  });

  it('never lifts a fuzzy match above a prefix match', () => {
    const now = Date.UTC(2025, 0, 15);
    expect(tierOf('yh', 'user')).toBe('prefix');
    expect(tierOf('yh', 'supplier')).toBe('fuzzy');
    const recency = new Map([['supplier', now]]);
    expect(ids(rank(index, 'yh', { recency, now }))[0]).toBe('user');
    // Every item just used: still no fuzzy match above an exact or prefix one.
    const everything = new Map(MENU.map((m) => [m.id, now]));
    for (const query of ['yh', 'g', 'gl', 'sup', 'ys', 'dd', 'rcnl']) {
      const results = rank(index, query, { recency: everything, now });
      const lastStrong = results.findLastIndex((r) => r.tier === 'exact' || r.tier === 'prefix');
      const firstFuzzy = results.findIndex((r) => r.tier === 'fuzzy');
      if (lastStrong >= 0 && firstFuzzy >= 0) expect(firstFuzzy, query).toBeGreaterThan(lastStrong);
    }
  });

  it('keeps a just-used fuzzy match in view when better tiers fill the limit', () => {
    const now = Date.UTC(2025, 0, 15);
    const two = buildIndex([
      { id: 'crab', label: { zh: '', en: 'Crab' } },
      { id: 'road', label: { zh: '', en: 'Road map' } },
    ]);
    expect(rank(two, 'ra').map((r) => r.tier)).toEqual(['substring', 'fuzzy']);
    const recency = new Map([['road', now]]);
    expect(ids(rank(two, 'ra', { recency, now, limit: 1 }))).toEqual(['road']);
  });

  it('returns nothing when nothing matches', () => {
    expect(rank(index, 'qqqzzz')).toEqual([]);
    expect(rank(index, '鑫')).toEqual([]);
  });

  it('stops at the limit with the same head as the full ranking', () => {
    const all = rank(index, 'g');
    expect(all.length).toBeGreaterThan(3);
    expect(rank(index, 'g', { limit: 3 })).toEqual(all.slice(0, 3));
    expect(rank(index, 'g', { limit: 0 })).toEqual([]);
  });
});

describe('palette ranking: empty query', () => {
  it('returns every item in the original order', () => {
    for (const query of ['', '   ']) {
      const results = rank(index, query);
      expect(ids(results)).toEqual(MENU.map((m) => m.id));
    }
  });

  it('puts recently used items first, most recent first', () => {
    const now = Date.UTC(2025, 0, 15);
    const recency = new Map([
      ['store', now - 3_600_000],
      ['coupon', now - 60_000],
      ['unknown-id', now],
    ]);
    const results = ids(rank(index, '', { recency, now, limit: 4 }));
    expect(results).toEqual(['coupon', 'store', 'supplier', 'goods']);
  });
});

describe('palette ranking: createRanker', () => {
  it('gives exactly what rank() gives over typing, backspaces and pastes', () => {
    const now = Date.UTC(2025, 0, 15);
    const recency = new Map([
      ['supplier-add', now - 120_000],
      ['user', now - 2 * 24 * 3_600_000],
    ]);
    const typed = [
      'g',
      'go',
      'gon',
      'gong',
      'gongy',
      'gongyi',
      'gongy', // backspace
      'gong',
      'gongy',
      'gongys',
      '供应shang', // pasted
      '供应shan',
      '供应sha',
      '',
      'n',
      'ne',
      'new',
      'new ',
      'new s',
      'new su',
      'new sup',
      'x',
      'xinzeng gys',
      '/',
      '/g',
      '/gy',
      'y',
      'ys',
      'yh',
      'Y',
      'yo',
      'yong',
      'yonghu',
      'yonghux',
      'yonghu',
      'us',
      'user',
      '商',
      '商p',
      '商pin',
      '商品',
      '  ',
      'dd',
    ];
    for (const options of [undefined, { recency, now }, { recency, now, limit: 3 }]) {
      const ranker = createRanker(index);
      for (const query of typed) {
        expect(ranker(query, options), `${query} ${JSON.stringify(options)}`).toEqual(
          rank(index, query, options),
        );
      }
    }
  });

  it('matching is monotone: whatever matches a query matches its prefixes', () => {
    for (const query of ['gongyingshang', '供应shang', 'xinzeng gys', 'new supplier', 'cwdzh']) {
      const chars = Array.from(query);
      for (let n = 1; n < chars.length; n++) {
        const shorter = new Set(ids(rank(index, chars.slice(0, n).join(''))));
        for (const id of ids(rank(index, chars.slice(0, n + 1).join('')))) {
          expect(shorter.has(id), `${chars.slice(0, n + 1).join('')} ${id}`).toBe(true);
        }
      }
    }
  });
});

describe('palette ranking: hard input', () => {
  it('reads polyphones in context and does not crash on them', () => {
    const poly = buildIndex([
      { id: 'bank', label: { zh: '重庆银行行长', en: 'Bank manager' } },
      { id: 'len', label: { zh: '长度单位', en: 'Length unit' } },
      { id: 'walk', label: { zh: '行走记录', en: 'Walks' } },
    ]);
    expect(rank(poly, 'chongqing')[0]?.item.id).toBe('bank');
    expect(rank(poly, 'yinhang')[0]?.tier).toBe('word');
    expect(rank(poly, 'changdu')[0]?.item.id).toBe('len');
    expect(rank(poly, 'xingzou')[0]?.item.id).toBe('walk');
    for (const query of ['zhongqing', '长', '行', 'hang', 'xing', 'zhang', 'cqyhhz']) {
      expect(() => rank(poly, query)).not.toThrow();
    }
  });

  it('survives rare characters, symbols and empty labels', () => {
    const odd = buildIndex([
      { id: 'ext', label: { zh: '𠀀字测试', en: '' } },
      { id: 'emoji', label: { zh: '🚀 发布', en: 'Release 🚀' } },
      { id: 'blank', label: { zh: '', en: '' }, keywords: ['', '  '] },
      { id: 'sku', label: { zh: 'SKU管理', en: 'SKU management' } },
    ]);
    expect(rank(odd, '𠀀')[0]?.item.id).toBe('ext');
    expect(rank(odd, 'fabu')[0]?.item.id).toBe('emoji');
    expect(rank(odd, 'skug')[0]).toMatchObject({ tier: 'prefix' });
    expect(rank(odd, 'sku')[0]?.tier).toBe('prefix');
    expect(ids(rank(odd, ''))).toEqual(['ext', 'emoji', 'blank', 'sku']);
    expect(() => rank(odd, '🚀')).not.toThrow();
    expect(() => rank(odd, 'x'.repeat(500))).not.toThrow();
  });

  it('gives one lowercase toneless syllable per character', () => {
    expect(syllables('供应商A 1')).toEqual(['gong', 'ying', 'shang', 'a', ' ', '1']);
    expect(syllables('绿')).toEqual(['lv']);
    expect(syllables('')).toEqual([]);
  });
});
