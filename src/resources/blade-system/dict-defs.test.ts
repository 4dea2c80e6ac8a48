import { describe, expect, it } from 'vitest';
import { MENU_TREE, type SeedMenu } from '../../../server/db/seed/menu-tree';
import { layoutDefs } from '../../features/dict/dict-layout';
import type { ResourceDef } from '../types';
import dict, { settingDict } from './dict';
import dictBiz, { settingDictBiz } from './dict-biz';
import { dictEntries } from './dict-defs';
import { entryParams, type Dict } from '../../contracts/blade-system/dict';

function menuAt(path: string, nodes: readonly SeedMenu[] = MENU_TREE): SeedMenu | undefined {
  for (const node of nodes) {
    if (node.path === path && !node.children) return node;
    const found = node.children && menuAt(path, node.children);
    if (found) return found;
  }
  return undefined;
}

const SCREENS: [ResourceDef<Dict>, string][] = [
  [dict, 'blade-system/dict'],
  [settingDict, 'blade-system/dict'],
  [dictBiz, 'blade-system/dict-biz'],
  [settingDictBiz, 'blade-system/dict-biz'],
];

describe('dictionary declarations', () => {
  it("use the seeded menu's own button codes at each of the four routes", () => {
    expect(SCREENS.map(([def]) => def.route)).toEqual([
      '/system/dict',
      '/setting/dict',
      '/system/dictbiz',
      '/setting/dictbiz',
    ]);
    for (const [def, service] of SCREENS) {
      expect(def.service).toBe(service);
      const menu = menuAt(def.route);
      expect(menu, def.route).toBeDefined();
      const buttons = new Set(menu!.buttons?.map((b) => b.code));
      for (const code of Object.values(def.permissions)) expect(buttons, code).toContain(code);
      // 'Dictionary configuration' needs only the screen itself.
      expect(def.rowActions?.map((a) => [a.label.zh, a.permission])).toEqual([
        ['字典配置', menu!.code],
      ]);
    }
  });

  it('gives the two layouts the system dictionary under their own codes', () => {
    for (const route of ['/dict-horizontal/index', '/dict-vertical/index']) {
      const menu = menuAt(route)!;
      const defs = layoutDefs({
        service: 'blade-system/dict',
        route,
        menu: menu.code,
        title: { zh: menu.zh, en: menu.en },
      });
      const buttons = new Set(menu.buttons?.map((b) => b.code));
      for (const def of [defs.parents, defs.entries])
        for (const code of Object.values(def.permissions)) expect(buttons, code).toContain(code);
      // A dictionary is chosen by its row (click or Enter), not by a row action.
      expect(defs.parents.rowActions ?? []).toEqual([]);
    }
  });

  it('list dictionaries from parent-list and entries from child-list', () => {
    const entries = dictEntries({
      service: 'blade-system/dict-biz',
      route: '/system/dictbiz',
      menu: 'dict_biz',
      title: { zh: '业务字典', en: 'Business dictionary' },
    });
    expect(dictBiz.paths?.list).toBe('parent-list');
    expect(entries.paths?.list).toBe('child-list');
    expect(entries.route).toBe('/system/dictbiz/entries');
    expect(dictBiz.filters?.map((f) => f.name)).toEqual(['code', 'dictValue']);
    expect(dictBiz.columns.map((c) => c.field)).toEqual([
      'code',
      'dictValue',
      'sort',
      'isSealed',
      'remark',
    ]);
    expect(dictBiz.columns.find((c) => c.field === 'isSealed')?.kind).toBe('yesNo');
  });

  it("require code, name, sort and sealed (dictKey for an entry) with the server's messages", () => {
    const required = (def: ResourceDef<Dict>) =>
      Object.fromEntries(
        (def.form ?? []).filter((f) => f.required).map((f) => [f.name, f.required!.zh]),
      );
    expect(required(dict)).toEqual({
      code: '请输入字典编号',
      dictValue: '请输入字典名称',
      sort: '请输入字典排序',
      isSealed: '请选择是否封存',
    });
    const entries = dictEntries({
      service: 'blade-system/dict',
      route: '/system/dict',
      menu: 'dict',
      title: dict.title,
    });
    expect(required(entries)).toEqual({
      dictKey: '请输入字典键值',
      dictValue: '请输入字典名称',
      sort: '请输入字典排序',
      isSealed: '请选择是否封存',
    });
    const sealed = dict.form?.find((f) => f.name === 'isSealed');
    expect(sealed?.options?.map((o) => [o.value, o.label.zh])).toEqual([
      ['0', '否'],
      ['1', '是'],
    ]);
    // A new dictionary starts unsealed.
    expect(sealed?.initial).toBe('0');
  });

  it("ties an entry list and form to the parent's id and code", () => {
    expect(entryParams({ id: '1123598814738676225', code: 'sex' })).toEqual({
      parentId: '1123598814738676225',
      code: 'sex',
    });
  });
});
