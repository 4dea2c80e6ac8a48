import { translate, type Lang, type MessageKey } from '../../i18n';
import type { Dict, DictService } from '../../contracts/blade-system/dict';

/*
 * The dictionary screens' texts beyond their declarations are the `dict` messages
 * (i18n/messages/dict.ts); these pick which one to show.
 */

/**
 * Why the caller cannot change a dictionary's entries, when they cannot (the server refuses with
 * 403 either way): the system dictionary takes the super administrator's changes only, and a
 * sealed dictionary (isSealed 1) too. Unknown (still loading) callers get no notice.
 */
export function entriesNotice(
  service: DictService,
  parent: Pick<Dict, 'isSealed'>,
  isSuperAdmin: boolean | undefined,
): MessageKey | undefined {
  if (isSuperAdmin !== false) return undefined;
  if (service === 'blade-system/dict') return 'dict.systemOnly';
  return Number(parent.isSealed) === 1 ? 'dict.sealed' : undefined;
}

/** '性别（sex）' / 'Sex (sex)': a dictionary named with its code. */
export function dictName(parent: Pick<Dict, 'dictValue' | 'code'>, lang: Lang): string {
  // The code first: the name is the user's text and goes in last, so nothing in it is replaced.
  return translate(lang, 'dict.name', { code: parent.code, value: parent.dictValue });
}
