import { openPersonalInfo } from '../features/profile/drawer-state';
import { openShortcutHelp } from '../features/shortcuts/shortcut-help-store';
import { translate, type Lang, type MessageKey } from '../i18n';
import { SWITCH_MODE } from '../state/shell-context';
import {
  clearCacheDialog,
  debugLogDialog,
  exportCentreDialog,
  switchIdentityDialog,
} from '../state/shell-dialogs';
import type { AppDispatch } from '../state/store';
import { SHELL_THEMES } from '../state/theme';
import { langChanged, themeChanged, THEMES } from '../state/ui-slice';
import type { PaletteCommand } from './commands';
import type { LookupContext, RecordHit, RecordLookup } from './record-lookup';

/*
 * The palette's commands beyond screens, buttons and tabs: the shell's own (lock, log out,
 * language, theme, dialogs of the top bar) and the nested pages
 * (languages, themes, a record's actions). palette-host.tsx wires them to the shell.
 */

const both = (key: MessageKey, params?: Record<string, string>) => ({
  zh: translate('zh', key, params),
  en: translate('en', key, params),
});

export interface GlobalDeps {
  dispatch: AppDispatch;
  lock(): void;
  logout(): void;
  home(): void;
  fullscreen: (() => void) | undefined;
  closeOthers(): void;
  closeAll(): void;
  explain: boolean;
  setExplain(on: boolean): void;
  downloadLastExport(): void;
}

/** The shell's own commands (issue: lock, log out, language, theme, cache, export centre, ...). */
export function globalCommands(d: GlobalDeps): PaletteCommand[] {
  const run = (id: string, key: MessageKey, fn: () => void, extra: Partial<PaletteCommand> = {}) =>
    ({
      id,
      group: 'actions',
      label: both(key),
      perform: { kind: 'run', run: fn },
      ...extra,
    }) satisfies PaletteCommand;
  const list: PaletteCommand[] = [
    run('global:home', 'palette.cmd.home', d.home, { keywords: ['home', 'wel', '首页'] }),
    run('global:lock', 'palette.cmd.lock', d.lock, { shortcut: 'lock.now', keywords: ['lock'] }),
    {
      id: 'global:logout',
      group: 'actions',
      label: both('palette.cmd.logout'),
      keywords: ['logout', 'sign out', 'exit'],
      perform: {
        kind: 'confirm',
        message: both('palette.cmd.logoutConfirm'),
        run: async () => d.logout(),
      },
    },
    {
      id: 'global:language',
      group: 'actions',
      label: both('palette.cmd.language'),
      keywords: ['language', 'lang', '中文', 'English', 'yuyan'],
      perform: { kind: 'page', page: { id: 'languages', title: both('palette.cmd.language') } },
    },
    {
      id: 'global:theme',
      group: 'actions',
      label: both('palette.cmd.theme'),
      keywords: ['theme', 'zhuti', 'dark'],
      perform: { kind: 'page', page: { id: 'themes', title: both('palette.cmd.theme') } },
    },
    run('global:clearCache', 'palette.cmd.clearCache', () => clearCacheDialog.open(true), {
      keywords: ['cache', 'clear'],
    }),
    run('global:exportCentre', 'palette.cmd.exportCentre', () => exportCentreDialog.open(true), {
      keywords: ['export', 'download', '下载中心'],
    }),
    run('global:downloadLastExport', 'palette.cmd.downloadLastExport', d.downloadLastExport, {
      keywords: ['export', 'download', 'xlsx', '下载', '导出'],
    }),
    run('global:personalInfo', 'palette.cmd.personalInfo', () => openPersonalInfo(), {
      keywords: ['profile', 'password', '修改密码'],
    }),
    run('global:shortcuts', 'palette.cmd.shortcuts', openShortcutHelp, {
      shortcut: 'shortcuts.help',
      keywords: ['shortcuts', 'keys', 'help', '?'],
    }),
    run('global:debugLog', 'palette.cmd.debugLog', () => debugLogDialog.open(true), {
      keywords: ['debug', 'log', 'error'],
    }),
    run('global:closeOthers', 'palette.cmd.closeOtherTabs', d.closeOthers, { keywords: ['tabs'] }),
    run('global:closeAll', 'palette.cmd.closeAllTabs', d.closeAll, { keywords: ['tabs'] }),
    d.explain
      ? run('global:explainOff', 'palette.cmd.explainOff', () => d.setExplain(false))
      : run('global:explainOn', 'palette.cmd.explainOn', () => d.setExplain(true)),
  ];
  if (d.fullscreen) {
    list.push(
      run('global:fullscreen', 'palette.cmd.fullscreen', d.fullscreen, {
        keywords: ['fullscreen'],
      }),
    );
  }
  if (SWITCH_MODE) {
    list.push(
      run(
        'global:switchIdentity',
        'palette.cmd.switchIdentity',
        () => switchIdentityDialog.open(true),
        {
          keywords: ['department', 'role', 'switch'],
        },
      ),
    );
  }
  return list;
}

export interface PageDeps {
  lang: Lang;
  theme: string;
  dispatch: AppDispatch;
  lookups: readonly RecordLookup[];
  permissions: ReadonlySet<string>;
  explain: boolean;
  lookupContext: LookupContext;
  hit: RecordHit | undefined;
}

/** The commands of a nested page: languages, themes, or a record's actions. */
export function nestedPageCommands(id: string, d: PageDeps): PaletteCommand[] {
  if (id === 'languages') {
    return (['zh', 'en'] as const).map((l) => ({
      id: `lang:${l}`,
      group: 'actions',
      label: both(l === 'zh' ? 'topbar.langZh' : 'topbar.langEn'),
      keywords: [l, l === 'zh' ? 'chinese zhongwen' : 'yingwen'],
      checked: d.lang === l,
      perform: { kind: 'run', run: () => d.dispatch(langChanged(l)) },
    }));
  }
  if (id === 'themes') {
    return THEMES.map((name) => ({
      id: `theme:${name}`,
      group: 'actions',
      label: both(`topbar.themes.${name}` as MessageKey),
      keywords: [name, SHELL_THEMES[name].scheme],
      checked: d.theme === name,
      perform: { kind: 'run', run: () => d.dispatch(themeChanged(name)) },
    }));
  }
  const record = /^record:([a-z]+):(.+)$/.exec(id);
  if (record) {
    const lookup = d.lookups.find((l) => l.scope === record[1]);
    const hit = d.hit;
    if (!lookup || !hit) return [];
    const out: PaletteCommand[] = [];
    for (const action of lookup.actions ?? []) {
      // An action the record's state refuses is not offered, even as an explanation.
      if (action.when && !action.when(hit)) continue;
      const held = !action.permission || d.permissions.has(action.permission);
      if (!held && !d.explain) continue;
      const message = action.confirm;
      out.push({
        id: `record:${lookup.scope}:${action.id}`,
        group: 'actions',
        label: both(action.label),
        ...(held ? {} : { missingPermission: action.permission }),
        perform: message
          ? {
              kind: 'confirm',
              message: both(message, { title: hit.title }),
              run: async () => {
                await action.run(hit, d.lookupContext);
              },
              ...(action.done ? { done: both(action.done) } : {}),
            }
          : { kind: 'run', run: () => void action.run(hit, d.lookupContext) },
      });
    }
    return out;
  }
  return [];
}
