import { defineResource, type ActionDef, type Bilingual, type ResourceDef } from '../types';
import type { Dict, DictService } from '../../contracts/blade-system/dict';

/** One menu screen of a dictionary: the seed gives each its own button codes. */
export interface DictScreen {
  service: DictService;
  /** The seed's menu path. */
  route: string;
  /** The seed's menu code; its buttons are `<menu>_add`, `_edit`, `_delete`, `_view`. */
  menu: string;
  title: Bilingual;
}

/** The button codes of a dictionary screen (server/db/seed/menu-tree.ts). */
export function dictPermissions(menu: string) {
  return {
    add: `${menu}_add`,
    edit: `${menu}_edit`,
    remove: `${menu}_delete`,
    view: `${menu}_view`,
  };
}

/** The route of a screen's entry table (its own saved column layout). */
export const entriesRoute = (route: string) => `${route.replace(/\/$/, '')}/entries`;

const SEALED_OPTIONS = [
  { value: '0', label: { zh: '否', en: 'No' } },
  { value: '1', label: { zh: '是', en: 'Yes' } },
] as const;

const LABEL = {
  code: { zh: '字典编号', en: 'Code' },
  dictKey: { zh: '字典键值', en: 'Key' },
  dictValue: { zh: '字典名称', en: 'Name' },
  sort: { zh: '字典排序', en: 'Order' },
  isSealed: { zh: '封存', en: 'Sealed' },
  remark: { zh: '字典备注', en: 'Remark' },
} as const;

const COMMON_COLUMNS = [
  { field: 'dictValue', label: LABEL.dictValue, sortable: true, width: 200 },
  { field: 'sort', label: LABEL.sort, kind: 'number', sortable: true, width: 110 },
  { field: 'isSealed', label: LABEL.isSealed, kind: 'yesNo', width: 90 },
  { field: 'remark', label: LABEL.remark, width: 200 },
] as const satisfies ResourceDef<Dict>['columns'];

/** Spec section 5: name, sort and sealed are required (messages as the server words them). */
const COMMON_FIELDS = [
  {
    name: 'dictValue',
    kind: 'text',
    label: LABEL.dictValue,
    required: { zh: '请输入字典名称', en: 'Please enter the name' },
    maxLength: 255,
  },
  {
    name: 'sort',
    kind: 'integer',
    label: LABEL.sort,
    required: { zh: '请输入字典排序', en: 'Please enter the order' },
  },
  {
    name: 'isSealed',
    kind: 'select',
    label: LABEL.isSealed,
    options: SEALED_OPTIONS,
    required: { zh: '请选择是否封存', en: 'Please choose whether it is sealed' },
    initial: '0',
  },
  { name: 'remark', kind: 'textarea', label: LABEL.remark, maxLength: 255, wide: true },
] as const satisfies ResourceDef<Dict>['form'];

/** The system dictionary is global: only the super administrator writes it (the server says so). */
const superAdminWrites = (screen: DictScreen) =>
  screen.service === 'blade-system/dict' ? { writes: 'superAdmin' as const } : {};

/**
 * The dictionaries of a screen (parent-list, paged). `rowActions` adds what opens a dictionary's
 * entries: a dialog on the plain screens, the neighbouring pane on the two layouts.
 */
export function dictParents(
  screen: DictScreen,
  rowActions: readonly ActionDef<Dict>[] = [],
): ResourceDef<Dict> {
  return defineResource<Dict>({
    service: screen.service,
    route: screen.route,
    title: screen.title,
    permissions: dictPermissions(screen.menu),
    ...superAdminWrites(screen),
    // A sealed dictionary stays as it is; only the super administrator may change it (server).
    editableWhen: (dict, who) => who.superAdmin || Number(dict.isSealed) !== 1,
    removableWhen: (dict, who) => who.superAdmin || Number(dict.isSealed) !== 1,
    paging: 'generic',
    paths: { list: 'parent-list' },
    columns: [{ field: 'code', label: LABEL.code, sortable: true, width: 180 }, ...COMMON_COLUMNS],
    filters: [
      { name: 'code', kind: 'input', label: LABEL.code },
      { name: 'dictValue', kind: 'input', label: LABEL.dictValue },
    ],
    form: [
      {
        name: 'code',
        kind: 'text',
        label: LABEL.code,
        required: { zh: '请输入字典编号', en: 'Please enter the code' },
        maxLength: 100,
      },
      ...COMMON_FIELDS,
    ],
    rowActions,
    recordLabel: (dict) => dict.dictValue,
  });
}

/**
 * The entries of one dictionary (child-list). Shown with `fixedParams={entryParams(parent)}` (contracts/blade-system/dict.ts),
 * which filters the list to the parent and gives every submit its parentId and code.
 */
export function dictEntries(screen: DictScreen): ResourceDef<Dict> {
  return defineResource<Dict>({
    service: screen.service,
    route: entriesRoute(screen.route),
    title: { zh: '字典项', en: 'Dictionary entry' },
    permissions: dictPermissions(screen.menu),
    ...superAdminWrites(screen),
    paging: 'generic',
    paths: { list: 'child-list' },
    columns: [
      { field: 'dictKey', label: LABEL.dictKey, sortable: true, width: 140 },
      ...COMMON_COLUMNS,
    ],
    filters: [
      { name: 'dictKey', kind: 'input', label: LABEL.dictKey },
      { name: 'dictValue', kind: 'input', label: LABEL.dictValue },
    ],
    form: [
      {
        name: 'dictKey',
        kind: 'text',
        label: LABEL.dictKey,
        required: { zh: '请输入字典键值', en: 'Please enter the key' },
        maxLength: 100,
      },
      ...COMMON_FIELDS,
    ],
    recordLabel: (entry) => entry.dictValue,
  });
}

/**
 * A plain dictionary screen (/system/dict, /setting/dict, /system/dictbiz, /setting/dictbiz):
 * the dictionaries, each with a 'dictionary config' row action opening its entries in a dialog.
 * The action needs only the screen's menu code (reading); the buttons inside need their codes.
 */
export function dictScreen(screen: DictScreen): ResourceDef<Dict> {
  const entries = dictEntries(screen);
  return dictParents(screen, [
    {
      id: 'entries',
      label: { zh: '字典配置', en: 'Configure' },
      permission: screen.menu,
      // Opening the entries reads; the buttons inside check their own codes.
      readsOnly: true,
      dialog: () =>
        import('./dict-entries-dialog').then((m) => ({
          default: m.entriesDialog(screen.service, entries),
        })),
    },
  ]);
}
