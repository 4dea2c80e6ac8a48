import { useDictionaryQuery } from '../../api/system';
import type { Lang } from '../../i18n';
import type { ValueOption } from '../../resources/types';

/**
 * Options of a select (filter or form field): the declared ones, else the dictionary's
 * (dictKey -> dictValue; dictionaries carry one text, shown in both languages).
 */
export function useSelectOptions(
  source: { options?: readonly ValueOption[] | undefined; dict?: string | undefined },
  lang: Lang,
): { value: string; label: string }[] {
  const dict = useDictionaryQuery(source.dict ?? '', { skip: !source.dict || !!source.options });
  if (source.options) return source.options.map((o) => ({ value: o.value, label: o.label[lang] }));
  return (dict.data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }));
}
