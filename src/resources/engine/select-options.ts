import { useMemo } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { useDictionaryQuery } from '../../api/system';
import type { Lang } from '../../i18n';
import type { OptionSource, ValueOption } from '../types';

export interface SelectOption {
  value: string;
  label: string;
}

/** Two no-break spaces per level: a tree shown as one indented list keeps its shape. */
const INDENT = '\u00a0\u00a0';

/**
 * The items of an option endpoint as select options: a flat list, a page (`records`), or a tree
 * (`children`)
 * flattened depth-first with each level indented. `label`/`value` name the item fields.
 */
export function sourceOptions(data: unknown, source: OptionSource): SelectOption[] {
  const labelField = source.label ?? 'title';
  const valueField = source.value ?? 'id';
  const out: SelectOption[] = [];
  const seen = new Set<string>();
  // A page answers `records`; a composite answer names its list with `root`.
  let items = source.root ? (data as Record<string, unknown> | undefined)?.[source.root] : data;
  if (items && !Array.isArray(items) && Array.isArray((items as { records?: unknown }).records))
    items = (items as { records: unknown[] }).records;
  const walk = (items: unknown, depth: number) => {
    if (!Array.isArray(items)) return;
    for (const item of items as Record<string, unknown>[]) {
      const raw = item[valueField];
      if (raw === undefined || raw === null) continue;
      const value = String(raw);
      // A select cannot hold one value twice (Mantine throws); the first place wins.
      if (!seen.has(value)) {
        seen.add(value);
        out.push({ value, label: INDENT.repeat(depth) + String(item[labelField] ?? value) });
      }
      walk(item.children, depth + 1);
    }
  };
  walk(items, 0);
  return out;
}

/**
 * Options of a select (filter or form field): the declared ones, else the endpoint's, else the
 * dictionary's (dictKey -> dictValue; dictionaries carry one text, shown in both languages).
 */
export function useSelectOptions(
  field: {
    options?: readonly ValueOption[] | undefined;
    dict?: string | undefined;
    source?: OptionSource | undefined;
  },
  lang: Lang,
): SelectOption[] {
  const declared = Boolean(field.options);
  const dict = useDictionaryQuery(field.dict ?? '', { skip: !field.dict || declared });
  const fetched = useResourceOptionsQuery(
    { path: field.source?.path ?? '', params: field.source?.params },
    { skip: !field.source || declared },
  );
  const { options, source } = field;
  return useMemo(() => {
    if (options) return options.map((o) => ({ value: o.value, label: o.label[lang] }));
    if (source) return sourceOptions(fetched.data, source);
    return (dict.data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }));
  }, [options, source, fetched.data, dict.data, lang]);
}
