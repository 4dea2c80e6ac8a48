import { useEffect, useLayoutEffect, useRef } from 'react';
import { translate, type MessageKey } from '../../i18n';
import { offerScreenCommands, type ScreenCommand } from '../../lib/screen-commands';
import type { ResourceDef } from '../types';

export interface ScreenHandlers {
  removeSelected(): void;
  focusFilters(): void;
  resetFilters(): void;
  reload(): void;
  exportList(): void;
  /** Runs the row action `id` on the focused row. */
  runRowAction(id: string): void;
}

/** A row action offered on the focused row: its id and label, and the row's label. */
export interface RowCommand {
  id: string;
  label: { zh: string; en: string };
  record: string;
}

/** Which of the optional commands the screen has. */
export interface OfferedCommands {
  canRemove: boolean;
  hasFilters: boolean;
  canExport: boolean;
}

/** The palette commands of a resource screen; they call the screen's latest handlers. */
function offeredCommands(
  def: ResourceDef,
  route: string,
  { canRemove, hasFilters, canExport }: OfferedCommands,
  handlers: { readonly current: ScreenHandlers },
  rowCommands: readonly RowCommand[],
): ScreenCommand[] {
  const both = (key: MessageKey) => ({
    zh: translate('zh', key, { name: def.title.zh }),
    en: translate('en', key, { name: def.title.en }),
  });
  const commands: ScreenCommand[] = rowCommands.map((row) => ({
    id: `${route}:row:${row.id}`,
    label: {
      zh: translate('zh', 'table.cmd.rowAction', { action: row.label.zh, name: row.record }),
      en: translate('en', 'table.cmd.rowAction', { action: row.label.en, name: row.record }),
    },
    run: () => handlers.current.runRowAction(row.id),
  }));
  if (canRemove)
    commands.push({
      id: `${route}:remove-selected`,
      label: both('table.cmd.removeSelected'),
      run: () => handlers.current.removeSelected(),
    });
  if (hasFilters)
    commands.push(
      {
        id: `${route}:filter`,
        label: both('table.cmd.focusFilters'),
        shortcut: 'list.filter',
        run: () => handlers.current.focusFilters(),
      },
      {
        id: `${route}:reset`,
        label: both('table.cmd.resetFilters'),
        run: () => handlers.current.resetFilters(),
      },
    );
  if (canExport)
    commands.push({
      id: `${route}:export`,
      label: both('table.cmd.export'),
      run: () => handlers.current.exportList(),
    });
  commands.push({
    id: `${route}:reload`,
    label: both('table.cmd.reload'),
    run: () => handlers.current.reload(),
  });
  return commands;
}

const NOTHING: ScreenHandlers = {
  removeSelected: () => {},
  focusFilters: () => {},
  resetFilters: () => {},
  reload: () => {},
  exportList: () => {},
  runRowAction: () => {},
};

const NO_ROW_COMMANDS: readonly RowCommand[] = [];

/**
 * What a resource screen offers the command palette while `offered` (its page on display, not
 * embedded). The commands call the handlers of the screen's latest render. `rowCommands`: the
 * row actions that apply to the focused row (j/k or the arrow keys), offered as commands on it.
 */
export function useScreenCommands(
  def: ResourceDef,
  route: string,
  offered: boolean,
  { canRemove, hasFilters, canExport }: OfferedCommands,
  handlers: ScreenHandlers,
  rowCommands: readonly RowCommand[] = NO_ROW_COMMANDS,
): void {
  const latest = useRef<ScreenHandlers>(NOTHING);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  // Offered again only when the focused row's commands change, not on every render.
  const rowKey = JSON.stringify(rowCommands);
  useEffect(() => {
    if (!offered) return;
    const rows = JSON.parse(rowKey) as RowCommand[];
    return offerScreenCommands(
      offeredCommands(def, route, { canRemove, hasFilters, canExport }, latest, rows),
    );
  }, [offered, def, route, canRemove, hasFilters, canExport, rowKey]);
}
