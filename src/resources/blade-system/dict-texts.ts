import type { Lang } from '../../i18n';
import type { Bilingual } from '../types';
import type { Dict, DictService } from '../../contracts/blade-system/dict';

/** The visible texts of the dictionary screens beyond their declarations (zh/en). */
export const DICT_TEXT = {
  configTitle: { zh: '字典配置', en: 'Dictionary configuration' },
  dictionaries: { zh: '字典', en: 'Dictionaries' },
  entries: { zh: '字典项', en: 'Entries' },
  chooseLeft: {
    zh: '点击左侧的字典（或在行上按 Enter），查看并维护其字典项。',
    en: 'Click a dictionary on the left (or press Enter on its row) to see and edit its entries.',
  },
  chooseAbove: {
    zh: '点击上方的字典（或在行上按 Enter），查看并维护其字典项。',
    en: 'Click a dictionary above (or press Enter on its row) to see and edit its entries.',
  },
  systemOnly: {
    zh: '系统字典由所有租户共用，仅超级管理员可以修改。',
    en: 'The system dictionary is shared by every tenant: only the super administrator can change it.',
  },
  sealed: {
    zh: '该字典已封存，仅超级管理员可以修改其字典项。',
    en: 'This dictionary is sealed: only the super administrator can change its entries.',
  },
} as const satisfies Record<string, Bilingual>;

/**
 * Why the caller cannot change a dictionary's entries, when they cannot (the server refuses with
 * 403 either way): the system dictionary takes the super administrator's changes only, and a
 * sealed dictionary (isSealed 1) too. Unknown (still loading) callers get no notice.
 */
export function entriesNotice(
  service: DictService,
  parent: Pick<Dict, 'isSealed'>,
  isSuperAdmin: boolean | undefined,
): Bilingual | undefined {
  if (isSuperAdmin !== false) return undefined;
  if (service === 'blade-system/dict') return DICT_TEXT.systemOnly;
  return Number(parent.isSealed) === 1 ? DICT_TEXT.sealed : undefined;
}

/** '性别（sex）' / 'Sex (sex)': a dictionary named with its code. */
export function dictName(parent: Pick<Dict, 'dictValue' | 'code'>, lang: Lang): string {
  return lang === 'zh'
    ? `${parent.dictValue}（${parent.code}）`
    : `${parent.dictValue} (${parent.code})`;
}
