import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Menu,
  Switch,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import {
  getMRT_RowSelectionHandler,
  type MRT_DensityState,
  type MRT_Row,
  type MRT_TableInstance,
} from 'mantine-react-table';
import { memo, useMemo } from 'react';
import { useLang, useT } from '../../state/hooks';
import { serverTextIn } from '../../contracts/server-texts';
import { moneyText } from '../../contracts/money';
import type { Lang } from '../../i18n';
import type { ColumnDef, ValueOption } from '../types';
import type { ExtraRowAction } from './table-row';

/** Image addresses a status may show: the console's own paths and http(s) only. */
function safeImage(src: string): string | undefined {
  if (src.startsWith('/') && !src.startsWith('//')) return src;
  return /^https?:\/\//i.test(src) ? src : undefined;
}

/** The spec shows a dash for an empty plain, descriptive or image cell. */
export const DASH = '-';

export const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function optionOf(options: readonly ValueOption[] | undefined, value: unknown) {
  return options?.find((o) => o.value === String(value));
}

/**
 * The address a link or file cell may open: http(s) only, relative ones resolved against the
 * console's own address. Anything else (javascript:, data:, an unparsable text) gives none.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim(), window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The last part of a file's address, as a person reads it ('导入结果.xlsx'). */
function fileName(href: string): string {
  const last = new URL(href).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export interface CellTexts {
  lang: Lang;
  yes: string;
  no: string;
  viewDetails: string;
  /** 'Preview image' (the name of an image cell's button, before the column label). */
  previewImage: string;
  /** The text of a file cell whose address has no file name. */
  openFile: string;
}

/** The words cells use, in the current language (one object per language change). */
export function useCellTexts(): CellTexts {
  const t = useT();
  const lang = useLang();
  return useMemo(
    () => ({
      lang,
      yes: t('common.yes'),
      no: t('common.no'),
      viewDetails: t('table.viewDetails'),
      previewImage: t('table.previewImage'),
      openFile: t('table.openFile'),
    }),
    [lang, t],
  );
}

/** An image to show large (image cells); the table shows one preview dialog at a time. */
export interface PreviewImage {
  src: string;
  alt: string;
}

interface CellProps<Row> {
  column: ColumnDef<Row>;
  value: unknown;
  texts: CellTexts;
  /** Image cells: a click (or Enter/Space) on the image opens it large; without it, no button. */
  onPreview?: ((image: PreviewImage) => void) | undefined;
}

/**
 * One cell by column kind. Cheap on purpose (scrolling draws new rows every frame): plain text
 * for text, numbers and dates (no Text wrapper: the cell's font is the table's); Mantine only
 * where the kind needs a control or a badge. Values are rendered as React text, never as HTML;
 * addresses are opened only when they are http(s).
 */
export const Cell = memo(function Cell<Row>({ column, value, texts, onPreview }: CellProps<Row>) {
  switch (column.kind ?? 'text') {
    case 'status': {
      const option = optionOf(column.options, value);
      const image = option?.image && safeImage(option.image);
      // A status mapped to an image (spec: label, tag or image) keeps its label as the image's text.
      if (option && image)
        return <Image src={image} alt={option.label[texts.lang]} h={24} w="auto" fit="contain" />;
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
    case 'image': {
      if (isEmpty(value)) return <>{DASH}</>;
      const image = { src: String(value), alt: column.label[texts.lang] };
      const img = <Image src={image.src} alt={image.alt} h={28} w="auto" fit="contain" />;
      return onPreview ? (
        <UnstyledButton
          aria-label={`${texts.previewImage} ${image.alt}`}
          onClick={() => onPreview(image)}
          style={{ display: 'inline-flex', cursor: 'zoom-in' }}
        >
          {img}
        </UnstyledButton>
      ) : (
        img
      );
    }
    case 'link': {
      if (isEmpty(value)) return <>{DASH}</>;
      const href = safeHref(value);
      return href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
          {texts.viewDetails}
        </Anchor>
      ) : (
        <>{String(value)}</>
      );
    }
    case 'file': {
      if (isEmpty(value)) return <>{DASH}</>;
      const href = safeHref(value);
      return href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
          {fileName(href) || texts.openFile}
        </Anchor>
      ) : (
        <>{String(value)}</>
      );
    }
    case 'amount':
      // Money with thousands separators and 2 decimals, from the decimal text (issue 25 item 11).
      return <>{(!isEmpty(value) && moneyText(value)) || DASH}</>;
    default:
      // A text the server made (a ledger reason, a failure, a seeded name) in the console's
      // language (contracts/server-texts.ts); anything else as it is.
      return <>{isEmpty(value) ? DASH : serverTextIn(texts.lang, String(value))}</>;
  }
}) as <Row>(props: CellProps<Row>) => React.ReactNode;

type AnyRow = Record<string, unknown>;

/**
 * The row checkbox of the selection column, redrawn only when what it shows changes (the row
 * virtualiser redraws every visible row on each scroll step). MRT's own puts each checkbox in a
 * Mantine Tooltip; this one takes its delayed hint from the table's shared one (HoverHints) and
 * MRT's selection handler, so Shift+click still selects a range.
 */
export const SelectCell = memo(function SelectCell({
  row,
  table,
  renderedRowIndex,
  selected,
  selectable,
  density,
  loading,
  label,
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
  const select = getMRT_RowSelectionHandler({
    row,
    renderedRowIndex: renderedRowIndex ?? 0,
    table,
  });
  return (
    <span data-hint={label} data-hint-delay={1000}>
      <Checkbox
        aria-label={label}
        checked={selected}
        disabled={Boolean(loading) || !selectable}
        size={density === 'xl' ? 'md' : 'sm'}
        onChange={(event) => {
          event.stopPropagation();
          select(event);
        }}
        onClick={(event) => event.stopPropagation()}
      />
    </span>
  );
});

/** The row buttons the user may use. */
export interface RowActionHandlers {
  view?: (row: AnyRow) => void;
  edit?: (row: AnyRow) => void;
  remove?: (row: AnyRow) => void;
  /** Per-row conditions on edit and remove (e.g. not for a sealed record). */
  editable?: (row: AnyRow) => boolean;
  removable?: (row: AnyRow) => boolean;
  /** Declared row actions (resource-actions.tsx), each shown when its `when` holds. */
  extra?: readonly ExtraRowAction[];
}

/**
 * The operations cell: view, edit and remove with their tooltips, then the declared actions,
 * inline or, with `fold`, in a "more" menu (a button, then arrow keys through its items).
 * Memoised on the row and the handlers, so scrolling (which redraws every visible row) does not
 * redraw its buttons.
 */
export const RowActionButtons = memo(function RowActionButtons({
  row,
  name,
  actions,
  fold = false,
}: {
  row: AnyRow;
  name: string;
  actions: RowActionHandlers;
  /** The declared actions go into a "more" menu (see `foldsRowActions`). */
  fold?: boolean;
}) {
  const t = useT();
  const extra = actions.extra?.filter((action) => !action.when || action.when(row)) ?? [];
  return (
    <Group gap={4} wrap="nowrap" aria-label={t('table.rowActions', { name })} role="group">
      {actions.view && (
        <ActionIcon
          size="sm"
          data-hint={t('table.view')}
          variant="subtle"
          aria-label={`${t('table.view')} ${name}`}
          onClick={() => actions.view?.(row)}
        >
          <IconEye size={16} aria-hidden />
        </ActionIcon>
      )}
      {actions.edit && actions.editable?.(row) !== false && (
        <ActionIcon
          size="sm"
          data-hint={t('table.edit')}
          variant="subtle"
          aria-label={`${t('table.edit')} ${name}`}
          onClick={() => actions.edit?.(row)}
        >
          <IconEdit size={16} aria-hidden />
        </ActionIcon>
      )}
      {actions.remove && actions.removable?.(row) !== false && (
        <ActionIcon
          size="sm"
          data-hint={t('table.remove')}
          variant="subtle"
          color="red"
          aria-label={`${t('table.remove')} ${name}`}
          onClick={() => actions.remove?.(row)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
      {fold && extra.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={t('table.moreActions', { name })}
              rightSection={<IconChevronDown size={12} aria-hidden />}
            >
              {t('table.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {extra.map((action) => (
              <Menu.Item
                key={action.id}
                color={action.color}
                aria-label={`${action.label} ${name}`}
                onClick={() => action.run(row)}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {!fold &&
        extra.map((action) => (
          <Button
            key={action.id}
            size="compact-xs"
            variant="subtle"
            color={action.color}
            aria-label={`${action.label} ${name}`}
            onClick={() => action.run(row)}
          >
            {action.label}
          </Button>
        ))}
    </Group>
  );
});

/**
 * Icon buttons (view, edit, remove) are Mantine's sm ActionIcon (22 px: a compact row is 29 px,
 * issue 25 item 12); the cell's buttons are 4 apart.
 */
const ICON_BUTTON = 22;
const BUTTON_GAP = 4;

/**
 * Declared actions fold into the "more" menu when there are two or more of them and the row
 * would otherwise show more than three buttons: one declared action stays a button (a menu of
 * one item saves no room).
 */
export function foldsRowActions(actions: RowActionHandlers): boolean {
  const icons = [actions.view, actions.edit, actions.remove].filter(Boolean).length;
  const extra = actions.extra?.length ?? 0;
  return extra >= 2 && icons + extra > 3;
}

/**
 * The width of a compact-xs text button (12 px, semi-bold, 7 px padding each side). CJK glyphs
 * are square; Latin ones are estimated on the wide side (8 px), so a label is never cut.
 */
export function textButtonWidth(label: string, section = 0): number {
  let text = 0;
  for (const ch of label) text += ch.charCodeAt(0) >= 0x2e80 ? 12 : 8;
  return Math.ceil(text + 2 * 7 + (section ? section + 6 : 0));
}

/**
 * The operations column's width: its cell padding on both sides and every button a row of
 * this table may show side by side (the widest case: all the declared actions inline, or the
 * "more" button), so no button is cut whatever the language.
 */
export function rowActionsWidth(
  actions: RowActionHandlers,
  more: string,
  cellPadding: number,
  /** The header's own width (its label and padding). */
  header: number,
): number {
  const icons = [actions.view, actions.edit, actions.remove].filter(Boolean).length;
  const extra = actions.extra ?? [];
  const widths = [
    ...Array.from({ length: icons }, () => ICON_BUTTON),
    ...(foldsRowActions(actions)
      ? [textButtonWidth(more, 12)]
      : extra.map((action) => textButtonWidth(action.label))),
  ];
  const buttons =
    widths.reduce((sum, w) => sum + w, 0) + BUTTON_GAP * Math.max(0, widths.length - 1);
  // A little slack: fonts differ between machines.
  return Math.max(header, Math.ceil(2 * cellPadding + buttons + 8));
}
