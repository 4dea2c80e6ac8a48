import { ActionIcon, Anchor, Badge, Group, Image, Switch, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import {
  MRT_SelectCheckbox,
  type MRT_DensityState,
  type MRT_Row,
  type MRT_TableInstance,
} from 'mantine-react-table';
import { memo, useMemo } from 'react';
import { useLang, useT } from '../../app/hooks';
import type { Lang } from '../../i18n';
import type { ColumnDef, ValueOption } from '../../resources/types';

/** The spec shows a dash for an empty plain, descriptive or image cell. */
export const DASH = '-';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function optionOf(options: readonly ValueOption[] | undefined, value: unknown) {
  return options?.find((o) => o.value === String(value));
}

export interface CellTexts {
  lang: Lang;
  yes: string;
  no: string;
  viewDetails: string;
}

/** The words cells use, in the current language (one object per language change). */
export function useCellTexts(): CellTexts {
  const t = useT();
  const lang = useLang();
  return useMemo(
    () => ({ lang, yes: t('common.yes'), no: t('common.no'), viewDetails: t('table.viewDetails') }),
    [lang, t],
  );
}

/**
 * One cell by column kind. Cheap on purpose (scrolling draws new rows every frame): plain text
 * for text, numbers and dates (no Text wrapper: the cell's font is the table's); Mantine only
 * where the kind needs a control or a badge. Values are rendered as React text, never as HTML.
 */
export const Cell = memo(function Cell<Row>({
  column,
  value,
  texts,
}: {
  column: ColumnDef<Row>;
  value: unknown;
  texts: CellTexts;
}) {
  switch (column.kind ?? 'text') {
    case 'status': {
      const option = optionOf(column.options, value);
      return <>{option ? option.label[texts.lang] : isEmpty(value) ? DASH : String(value)}</>;
    }
    case 'tag': {
      if (isEmpty(value)) return <>{DASH}</>;
      const option = optionOf(column.options, value);
      return (
        <Badge variant="light" color={option?.color ?? 'gray'} radius="sm">
          {option ? option.label[texts.lang] : String(value)}
        </Badge>
      );
    }
    case 'yesNo':
      return <>{value === 1 || value === '1' || value === true ? texts.yes : texts.no}</>;
    case 'switch':
      return (
        <Switch
          size="xs"
          checked={value === 1 || value === '1' || value === true}
          readOnly
          aria-label={column.label[texts.lang]}
        />
      );
    case 'image':
      return isEmpty(value) ? (
        <>{DASH}</>
      ) : (
        <Image src={String(value)} alt={column.label[texts.lang]} h={32} w="auto" fit="contain" />
      );
    case 'link':
      return isEmpty(value) ? (
        <>{DASH}</>
      ) : (
        <Anchor href={String(value)} target="_blank" rel="noopener noreferrer" size="sm">
          {texts.viewDetails}
        </Anchor>
      );
    case 'amount': {
      const n = Number(value);
      return <>{isEmpty(value) || !Number.isFinite(n) ? DASH : n.toFixed(2)}</>;
    }
    default:
      return <>{isEmpty(value) ? DASH : String(value)}</>;
  }
}) as <Row>(props: { column: ColumnDef<Row>; value: unknown; texts: CellTexts }) => React.ReactNode;

type AnyRow = Record<string, unknown>;

/**
 * The row checkbox of the selection column: MRT's own checkbox (Shift+click still selects a
 * range), redrawn only when what it shows changes. The row virtualiser redraws every visible
 * row on each scroll step, and MRT's checkbox (a Mantine Checkbox inside a Tooltip) was a
 * large part of that redraw.
 */
export const SelectCell = memo(function SelectCell({
  row,
  table,
  renderedRowIndex,
}: {
  row: MRT_Row<AnyRow>;
  table: MRT_TableInstance<AnyRow>;
  renderedRowIndex: number | undefined;
  /* What the checkbox reads from the table state, so a change of any of them redraws it. */
  selected: boolean;
  selectable: boolean;
  density: MRT_DensityState;
  loading: boolean | undefined;
  label: string;
}) {
  return <MRT_SelectCheckbox row={row} table={table} renderedRowIndex={renderedRowIndex} />;
});

/** The row buttons the user may use. */
export interface RowActionHandlers {
  view?: (row: AnyRow) => void;
  edit?: (row: AnyRow) => void;
  remove?: (row: AnyRow) => void;
}

/**
 * The operations cell: view, edit and remove with their tooltips. Memoised on the row and the
 * handlers, so scrolling (which redraws every visible row) does not redraw its buttons.
 */
export const RowActionButtons = memo(function RowActionButtons({
  row,
  name,
  actions,
}: {
  row: AnyRow;
  name: string;
  actions: RowActionHandlers;
}) {
  const t = useT();
  return (
    <Group gap={4} wrap="nowrap" aria-label={t('table.rowActions', { name })} role="group">
      {actions.view && (
        <Tooltip label={t('table.view')} withinPortal>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('table.view')} ${name}`}
            onClick={() => actions.view?.(row)}
          >
            <IconEye size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {actions.edit && (
        <Tooltip label={t('table.edit')} withinPortal>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('table.edit')} ${name}`}
            onClick={() => actions.edit?.(row)}
          >
            <IconEdit size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {actions.remove && (
        <Tooltip label={t('table.remove')} withinPortal>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('table.remove')} ${name}`}
            onClick={() => actions.remove?.(row)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
});
