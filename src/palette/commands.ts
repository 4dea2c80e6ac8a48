import type { ButtonNode, RouteNode } from '../contracts/auth';
import { translate } from '../i18n';
import { isLeaf, menuTarget, menuTitle } from '../lib/menu-tree';
import type { Searchable } from './ranking';
import type { ShortcutId } from '../lib/shortcuts';

/** The palette's result groups, in display order (the empty palette shows scopes second). */
export const GROUPS = ['recent', 'screens', 'actions', 'tabs', 'scopes', 'records'] as const;
export type CommandGroup = (typeof GROUPS)[number];

/** What choosing a command does. */
export type CommandPerform =
  /** Runs and closes the palette. */
  | { kind: 'run'; run: () => void }
  /** Opens a nested page of the palette (e.g. the 10 themes). */
  | { kind: 'page'; page: { id: string; title: { zh: string; en: string } } }
  /** Asks first; runs inside the palette, which stays open with the message on failure. */
  | {
      kind: 'confirm';
      message: { zh: string; en: string };
      run: () => Promise<void>;
      done?: { zh: string; en: string };
    }
  /** Types a search scope's prefix ("u:", ">") into the input; the palette stays open. */
  | { kind: 'prefix'; prefix: string };

export interface PaletteCommand extends Searchable {
  group: Exclude<CommandGroup, 'recent'>;
  /** Second line: a screen's breadcrumb, a tab's path, a record's details. */
  detail?: { zh: string; en: string };
  shortcut?: ShortcutId;
  /**
   * The menu or button code the command needs: the host lists it only when the user holds it,
   * so no command leads to a screen or an action the user cannot use.
   */
  permission?: string;
  /** Listed but not runnable: the button code the user lacks (the "explain" setting). */
  missingPermission?: string;
  /** The screen a button command opens: needed as well as the button's own code. */
  screen?: string;
  /** Marks the current choice in a nested page (the current theme or language). */
  checked?: boolean;
  perform: CommandPerform;
}

/** English for the BladeX button aliases the seed uses (the server sends Chinese names only). */
const ALIAS_EN: Record<string, string> = {
  add: 'New',
  export: 'Export',
  import: 'Import',
  delete: 'Delete',
  edit: 'Edit',
  view: 'View',
  grant: 'Grant',
  reset: 'Reset',
  unlock: 'Unlock',
  approve: 'Approve',
  audit: 'Review',
  refund: 'Refund',
  recharge: 'Recharge',
  settle: 'Settle',
  upload: 'Upload',
  download: 'Download',
  sync: 'Sync',
  enable: 'Enable',
  disable: 'Disable',
};

function aliasEn(alias: string, zh: string): string {
  const known = ALIAS_EN[alias];
  if (known) return known;
  if (/^[a-z][a-z0-9_-]*$/i.test(alias))
    return alias.charAt(0).toUpperCase() + alias.slice(1).replace(/[_-]+/g, ' ');
  return zh;
}

/**
 * Every menu leaf as a "go to screen" command, with its breadcrumb (the groups above it) as
 * detail and keyword, so "系统 用户" or "System" find it too.
 */
export function screenCommands(
  tree: readonly RouteNode[],
  go: (node: RouteNode) => void,
): PaletteCommand[] {
  const out: PaletteCommand[] = [];
  const walk = (nodes: readonly RouteNode[], trail: { zh: string; en: string }[]) => {
    for (const node of nodes) {
      const title = menuTitle(node);
      if (!isLeaf(node)) {
        walk(node.children ?? [], [...trail, title]);
        continue;
      }
      const crumbs = {
        zh: [...trail.map((t) => t.zh), title.zh].join(' / '),
        en: [...trail.map((t) => t.en || t.zh), title.en || title.zh].join(' / '),
      };
      out.push({
        id: `screen:${node.id}`,
        group: 'screens',
        label: { zh: title.zh, en: title.en || title.zh },
        keywords: [...trail.flatMap((t) => [t.zh, t.en]), node.code].filter(Boolean),
        detail: crumbs,
        permission: node.code,
        perform: { kind: 'run', run: () => go(node) },
      });
    }
  };
  walk(tree, []);
  return out;
}

/** Button `action` values of the seed: 1 toolbar, 2 row, 3 both. */
const TOOLBAR_ACTIONS = new Set([1, 3]);

/**
 * Toolbar buttons the user holds ("新增 用户管理" / "New · Users", "导出 订单管理" / "Export ·
 * Orders") as commands that open the screen and ask it for the action (lib/screen-actions.ts), which the screen's toolbar
 * carries out. Row buttons need a record and come through record look-ups instead.
 */
export function actionCommands(
  buttons: readonly ButtonNode[],
  leaves: readonly RouteNode[],
  open: (path: string, alias: string) => void,
): PaletteCommand[] {
  const screenByCode = new Map(leaves.map((l) => [l.code, l]));
  const out: PaletteCommand[] = [];
  const walk = (nodes: readonly ButtonNode[], screen: RouteNode | undefined) => {
    for (const node of nodes) {
      const here = screenByCode.get(node.code) ?? screen;
      if (node.children && node.children.length > 0) {
        walk(node.children, here);
        continue;
      }
      if (!here || here.code === node.code || !TOOLBAR_ACTIONS.has(node.action)) continue;
      const target = menuTarget(here);
      if (target.kind !== 'route') continue;
      const screenTitle = menuTitle(here);
      out.push({
        id: `action:${node.code}`,
        group: 'actions',
        label: {
          zh: translate('zh', 'palette.cmd.button', { name: node.name, screen: screenTitle.zh }),
          en: translate('en', 'palette.cmd.button', {
            name: aliasEn(node.alias, node.name),
            screen: screenTitle.en || screenTitle.zh,
          }),
        },
        keywords: [node.code, node.alias, node.name, screenTitle.zh, screenTitle.en],
        detail: { zh: screenTitle.zh, en: screenTitle.en || screenTitle.zh },
        permission: node.code,
        screen: here.code,
        perform: { kind: 'run', run: () => open(target.path, node.alias) },
      });
    }
  };
  walk(buttons, undefined);
  return out;
}

/**
 * The commands the user may run: those without a code, and those whose code (and, for a
 * button, whose screen's code) is in `permissions`.
 */
export function permittedCommands(
  commands: readonly PaletteCommand[],
  permissions: ReadonlySet<string>,
): PaletteCommand[] {
  return commands.filter(
    (c) =>
      (c.permission === undefined || permissions.has(c.permission)) &&
      (c.screen === undefined || permissions.has(c.screen)),
  );
}
