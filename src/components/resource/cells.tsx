import { Anchor, Badge, Image, Switch, Text } from '@mantine/core';
import { memo } from 'react';
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

/**
 * One cell by column kind. Cheap on purpose (a 500-row page renders 6,000 of them): plain text
 * for text, numbers and dates; Mantine only where the kind needs a control or a badge. Values
 * are rendered as React text, never as HTML.
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
      return isEmpty(value) ? (
        <>{DASH}</>
      ) : (
        <Text span size="sm" inherit>
          {String(value)}
        </Text>
      );
  }
}) as <Row>(props: { column: ColumnDef<Row>; value: unknown; texts: CellTexts }) => React.ReactNode;
