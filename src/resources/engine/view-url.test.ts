import { describe, expect, it } from 'vitest';
import type { FilterDef } from './filters';
import { decodeView, encodeView, type ListView, type ViewRules } from './view-url';

const filters: FilterDef[] = [
  { name: 'postName', kind: 'input', label: { zh: '名称', en: 'Name' } },
  { name: 'category', kind: 'multiSelect', label: { zh: '类型', en: 'Type' } },
  { name: 'createTime', kind: 'dateRange', label: { zh: '时间', en: 'Time' } },
  { name: 'phone', kind: 'input', label: { zh: '手机', en: 'Phone' }, encrypted: true },
];
const rules: ViewRules = {
  filters,
  sortable: ['postName', 'sort'],
  pageSizes: [10, 20, 50],
  columns: ['postName', 'remark', 'sort'],
};
const defaults: ListView = {
  filters: { postName: '', category: [], createTime: ['', ''], phone: '' },
  sorting: [],
  pageIndex: 0,
  pageSize: 10,
  hidden: [],
};

describe('list view in the URL hash', () => {
  it('leaves the defaults out, so an untouched list has no hash', () => {
    expect(encodeView(defaults, defaults, rules)).toBe('');
  });

  it('round-trips filters, sort, page, size and hidden columns', () => {
    const view: ListView = {
      filters: {
        postName: '运营 & 财务',
        category: ['1', '3'],
        createTime: ['2026-11-01', '2026-11-20'],
        phone: '',
      },
      sorting: [{ id: 'sort', desc: true }],
      pageIndex: 2,
      pageSize: 50,
      hidden: ['remark'],
    };
    const hash = encodeView(view, defaults, rules);
    expect(decodeView(`#${hash}`, rules)).toEqual({
      filters: {
        postName: '运营 & 财务',
        category: ['1', '3'],
        createTime: ['2026-11-01', '2026-11-20'],
      },
      sorting: [{ id: 'sort', desc: true }],
      pageIndex: 2,
      pageSize: 50,
      hidden: ['remark'],
    });
  });

  it('never puts an encrypted filter in the URL, nor reads one from it', () => {
    const view = { ...defaults, filters: { ...defaults.filters, phone: '13800000000' } };
    expect(encodeView(view, defaults, rules)).not.toContain('13800000000');
    expect(decodeView('f.phone=13800000000', rules)).toEqual({});
  });

  it('drops what the declaration does not allow: unknown filters, sorts, sizes, columns', () => {
    expect(
      decodeView(
        'f.password=x&sort=secret.desc,postName.sideways&size=7&page=-3&hide=remark,nope',
        rules,
      ),
    ).toEqual({ hidden: ['remark'] });
  });

  it('says "no hidden columns" when the user showed a column hidden by default', () => {
    const hash = encodeView(
      { ...defaults, hidden: [] },
      { ...defaults, hidden: ['remark'] },
      rules,
    );
    expect(decodeView(hash, rules)).toEqual({ hidden: [] });
  });
});
