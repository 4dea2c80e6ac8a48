import { Box, Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { memo, useState, type KeyboardEvent } from 'react';
import { useT } from '../../state/hooks';

/** The number of pages for a total and a page size (at least one, as the pager shows). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));

/**
 * The page a jumper text asks for, kept within 1..pages; undefined for anything that is not a
 * whole number (nothing happens then).
 */
export function jumpTarget(text: string, pages: number): number | undefined {
  const s = text.trim();
  if (!/^\d+$/.test(s)) return undefined;
  return Math.min(Math.max(Number(s), 1), pages);
}

/**
 * The spec's pagination bar: total, sizes, prev, pager, next, jumper ('共 n 条', 'n条/页',
 * the pager, '前往 [n] 页'). Pages are zero-based here as in the table state.
 */
export const PaginationBar = memo(function PaginationBar({
  total,
  pageIndex,
  pageSize,
  sizes,
  onPageChange,
  onPageSizeChange,
}: {
  total: number;
  pageIndex: number;
  pageSize: number;
  sizes: readonly number[];
  onPageChange(pageIndex: number): void;
  onPageSizeChange(pageSize: number): void;
}) {
  const t = useT();
  const pages = pageCount(total, pageSize);
  const current = Math.min(pageIndex + 1, pages);
  return (
    <Box
      component="nav"
      aria-label={t('table.pagination')}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}
    >
      <Text size="sm">{t('table.total', { total })}</Text>
      <Select
        size="xs"
        w={110}
        aria-label={t('table.pageSize')}
        allowDeselect={false}
        // Mantine keeps a closed dropdown mounted and positions it (a forced layout on mount).
        comboboxProps={{ keepMounted: false }}
        data={sizes.map((n) => ({ value: String(n), label: t('table.perPage', { size: n }) }))}
        value={String(pageSize)}
        onChange={(value) => {
          if (value) onPageSizeChange(Number(value));
        }}
      />
      <Pagination
        size="sm"
        total={pages}
        value={current}
        onChange={(page) => onPageChange(page - 1)}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('table.prevPage') }
            : control === 'next'
              ? { 'aria-label': t('table.nextPage') }
              : {}
        }
        getItemProps={(page) => ({
          'aria-label': t('table.page', { page }),
          'aria-current': page === current ? 'page' : undefined,
        })}
      />
      <Jumper pages={pages} onJump={(page) => onPageChange(page - 1)} />
    </Box>
  );
});

/** '前往 [n] 页': Enter goes to the page, clamped to 1..pages; other text is ignored. */
function Jumper({ pages, onJump }: { pages: number; onJump(page: number): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [before = '', after = ''] = t('table.jumpTo', { page: '\u0000' }).split('\u0000');
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const page = jumpTarget(text, pages);
    if (page === undefined) return;
    setText(String(page));
    onJump(page);
  };
  return (
    <Group gap={6} wrap="nowrap">
      {before.trim() && <Text size="sm">{before.trim()}</Text>}
      <TextInput
        size="xs"
        w={56}
        inputMode="numeric"
        aria-label={t('table.jumpPage')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {after.trim() && <Text size="sm">{after.trim()}</Text>}
    </Group>
  );
}
