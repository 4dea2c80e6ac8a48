import { ActionIcon } from '@mantine/core';
import {
  MRT_ColumnActionMenu,
  type MRT_Header,
  type MRT_RowData,
  type MRT_TableInstance,
} from 'mantine-react-table';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A header's column menu (sort, hide, pin, show all: MRT's own menu) that costs a button until
 * it is first used. MRT puts a Mantine Menu and a Tooltip in every header, mounted with the
 * table; with a header drag handle each (a Tooltip more), they were about 50 ms of a 500-row
 * table's first mount on this 2-core machine (`npm run bench -- --table`). The first click (or
 * Enter/Space) swaps in MRT's menu and opens it from its own button; it stays from then on. The
 * button's hint comes from the table's shared tooltip (HoverHints).
 */
export function ColumnMenu<Row extends MRT_RowData>({
  header,
  table,
}: {
  header: MRT_Header<Row>;
  table: MRT_TableInstance<Row>;
}) {
  const [used, setUsed] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  // Opened by a click on MRT's own button once it is there, so the menu returns the focus to it.
  useLayoutEffect(() => {
    const button = used ? box.current?.querySelector('button') : null;
    button?.focus();
    button?.click();
  }, [used]);
  const label = table.options.localization.columnActions;
  const { IconDotsVertical } = table.options.icons;
  return (
    // The header's click sorts: a click on the menu must not reach it.
    <span ref={box} className="column-menu" onClick={(e) => e.stopPropagation()}>
      {used ? (
        <MRT_ColumnActionMenu header={header} table={table} returnFocus />
      ) : (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={label}
          aria-haspopup="menu"
          data-hint={label}
          data-hint-delay={1000}
          onClick={() => setUsed(true)}
        >
          <IconDotsVertical size={16} aria-hidden />
        </ActionIcon>
      )}
    </span>
  );
}
