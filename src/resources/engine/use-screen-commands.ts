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
): ScreenCommand[] {
  const both = (key: MessageKey) => ({
    zh: translate('zh', key, { name: def.title.zh }),
    en: translate('en', key, { name: def.title.en }),
  });
  const commands: ScreenCommand[] = [];
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
};

/**
 * What a resource screen offers the command palette while `offered` (its page on display, not
 * embedded). The commands call the handlers of the screen's latest render.
 */
export function useScreenCommands(
  def: ResourceDef,
  route: string,
  offered: boolean,
  { canRemove, hasFilters, canExport }: OfferedCommands,
  handlers: ScreenHandlers,
): void {
  const latest = useRef<ScreenHandlers>(NOTHING);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!offered) return;
    return offerScreenCommands(
      offeredCommands(def, route, { canRemove, hasFilters, canExport }, latest),
    );
  }, [offered, def, route, canRemove, hasFilters, canExport]);
}
