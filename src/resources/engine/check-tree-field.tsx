import { Center, Input, Loader } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { CheckTree, type CheckTreeNode } from '../../components/check-tree';
import { indexTree } from '../../components/check-tree-model';
import type { Lang } from '../../i18n';
import { useT } from '../../state/hooks';
import type { FormFieldDef, OptionSource } from '../types';

const NO_NODES: CheckTreeNode[] = [];

/** The items of a tree endpoint as check tree nodes (`label`/`value` name the item fields). */
export function treeNodes(data: unknown, source: OptionSource | undefined): CheckTreeNode[] {
  if (!source) return NO_NODES;
  const labelField = source.label ?? 'title';
  const valueField = source.value ?? 'id';
  let items = source.root ? (data as Record<string, unknown> | undefined)?.[source.root] : data;
  if (items && !Array.isArray(items) && Array.isArray((items as { records?: unknown }).records))
    items = (items as { records: unknown[] }).records;
  const map = (list: unknown): CheckTreeNode[] =>
    Array.isArray(list)
      ? (list as Record<string, unknown>[])
          .filter((item) => item[valueField] !== undefined && item[valueField] !== null)
          .map((item) => ({
            id: String(item[valueField]),
            title: String(item[labelField] ?? item[valueField]),
            children: map(item.children),
          }))
      : NO_NODES;
  return map(items);
}

/** What the form gives an uncontrolled field (see resource-form.tsx FieldProps). */
interface FieldInput {
  defaultValue?: string;
  onChange(value: unknown): void;
  error?: ReactNode;
}

/**
 * A form field over a checkbox tree (kind 'checkTree', the tree from `source`): the check tree
 * of the role grant, linking ancestors, so checking a parent checks its subtree and the value
 * holds the checked ids plus their half-checked parents, comma-joined in tree order (what BladeX
 * stores for a menu choice, e.g. a tenant package). Ids no longer in the tree are dropped on the
 * first change (the server would refuse them).
 */
export function CheckTreeField({
  field,
  input,
  lang,
  inputRef,
  autoFocus = false,
}: {
  field: FormFieldDef;
  input: FieldInput;
  lang: Lang;
  inputRef(el: HTMLElement | null): void;
  /** The dialog opens with the focus here (the form's first field). */
  autoFocus?: boolean;
}) {
  const t = useT();
  const fetched = useResourceOptionsQuery(
    { path: field.source?.path ?? '', params: field.source?.params },
    { skip: !field.source },
  );
  const nodes = useMemo(() => treeNodes(fetched.data, field.source), [fetched.data, field.source]);
  const known = useMemo(() => new Set(indexTree(nodes).order), [nodes]);
  const [checked, setChecked] = useState(() =>
    (input.defaultValue ?? '').split(',').filter(Boolean),
  );
  const label = field.label[lang];

  const change = (ids: string[]) => {
    const kept = ids.filter((id) => known.has(id));
    setChecked(kept);
    input.onChange(kept.join(','));
  };

  return (
    <Input.Wrapper label={label} required={Boolean(field.required)} error={input.error}>
      {/* Focused when the form refuses an empty choice (the tree's own rows take it from there). */}
      <div
        ref={inputRef}
        tabIndex={-1}
        style={{ outline: 'none' }}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      >
        {fetched.isLoading ? (
          <Center h={80}>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : (
          <CheckTree
            nodes={nodes}
            checked={checked}
            onChange={change}
            label={label}
            linkAncestors
            maxHeight={320}
          />
        )}
      </div>
    </Input.Wrapper>
  );
}
