import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { currentPage, paletteMachine } from '../../machines/palette-machine';
import type { RouteNode } from '../contracts/auth';
import { downloadLastExport } from '../features/export-centre/download-last';
import { menuTarget } from '../lib/menu-tree';
import { translate, type MessageKey } from '../i18n';
import { requestScreenAction } from '../lib/screen-actions';
import { useScreenCommands } from '../lib/screen-commands';
import { isBoolean, readJson, writeJson } from '../lib/storage';
import {
  actionCommands,
  permittedCommands,
  screenCommands,
  type CommandGroup,
  type PaletteCommand,
} from './commands';
import { registerLookups, silentRequest } from './lookup-api';
import { RECORD_LOOKUPS } from './lookups';
import { PaletteView, type PaletteTexts } from './palette-view';
import { buildIndex, rank } from './ranking';
import { readRecency, recordRun } from './recent';
import { lookupCodes, type LookupContext, type RecordHit } from './record-lookup';
import { commandRows, hitRows, plainHitRows, type Row, type SelectableRow } from './rows';
import { commandSource, rootRows, type RootSources } from './results';
import { paletteScopes, parseScope, scopeCommands } from './scopes';
import type { ShortcutId } from '../lib/shortcuts';
import { useAppDispatch, useAppSelector, useT } from '../state/hooks';
import { useShell, HOME_PATH } from '../state/shell-context';
import { paletteRequests } from './palette-requests';
import { tabHref, tabLabel } from '../lib/tab-labels';
import { useTabCommands } from '../components/use-tab-commands';
import { useFullscreen } from '../components/use-fullscreen';
import { globalCommands, nestedPageCommands } from './shell-commands';
import { usePlainRecordSearch, useRecordSearch } from './use-record-search';
import { toast } from '../components/toast';
import { OrderRefundHost } from '../resources/platform-supplier/sup-order-refund-host';
import { TodoTaskHost } from '../resources/blade-flow-work/todo-task-host';
import { useTodoCommands, workCommands } from './work-commands';

registerLookups(RECORD_LOOKUPS);

const EXPLAIN_KEY = 'palette.explain';
/** Nested pages are short lists: shown whole. */
const ALL_ACTIONS: ReadonlySet<CommandGroup> = new Set(['actions']);

export interface HostDeps {
  permissions: ReadonlySet<string>;
  tree: readonly RouteNode[];
  leaves: readonly RouteNode[];
  buttons: Parameters<typeof actionCommands>[0];
}

/**
 * The command palette of the signed-in frame (Ctrl/Cmd+K, the menu search icon): builds the
 * commands from the menu tree, the held buttons, the open tabs and the shell's own actions,
 * ranks them, runs the record look-ups, and drives the palette machine.
 */
export function PaletteHost({ permissions, tree, leaves, buttons }: HostDeps) {
  const t = useT();
  const lang = useAppSelector((s) => s.ui.lang);
  const theme = useAppSelector((s) => s.ui.theme);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const shell = useShell();
  const tabCommands = useTabCommands();
  const fullscreen = useFullscreen();
  const [explain, setExplain] = useState(() => readJson(EXPLAIN_KEY, isBoolean) ?? false);
  const [recency, setRecency] = useState(readRecency);
  // Runs of the commands waiting for confirmation, by id (read by the machine's actor later).
  const [confirmed] = useState(() => new Map<string, () => Promise<void>>());

  const actor = useActorRef(
    paletteMachine.provide({
      actors: {
        runConfirmed: fromPromise(async ({ input }) => {
          const run = confirmed.get(input.commandId);
          if (run) await run();
        }),
      },
    }),
  );
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const confirming = useSelector(actor, (s) => s.matches({ open: 'confirming' }));
  const running = useSelector(actor, (s) => s.matches({ open: 'running' }));
  const context = useSelector(actor, (s) => s.context);
  const page = currentPage(context);

  // Focus goes back to what had it before the palette opened, unless what the palette ran took
  // it (a drawer, a dialog); kept in state because it outlives renders.
  const [focus] = useState(() => new FocusReturn());
  const openPalette = useCallback(() => {
    focus.remember(document.activeElement);
    actor.send({ type: 'palette.open' });
  }, [actor, focus]);
  useEffect(() => {
    if (open) return;
    const opener = focus.release();
    if (opener) setTimeout(() => opener.focus(), 0);
  }, [open, focus]);

  // Ctrl/Cmd+K is bound by PaletteLauncher, which loads this module; it arrives as a request.
  const request = paletteRequests.use();
  useEffect(() => {
    if (request) {
      openPalette();
      paletteRequests.close();
    }
  }, [request, openPalette]);

  const go = useCallback(
    (to: string) => {
      void navigate(to);
    },
    [navigate],
  );

  // Look-ups registered only for the lists the user may read.
  const lookups = useMemo(
    () => RECORD_LOOKUPS.filter((l) => lookupCodes(l).some((code) => permissions.has(code))),
    [permissions],
  );

  // The search scopes the user may use: the permitted look-ups, `>` and `t:`.
  const scopes = useMemo(() => paletteScopes(lookups), [lookups]);

  // Static commands: rebuilt when the menu, the held buttons or the setting change; never per
  // keystroke (the ranking index is precomputed from them). Only what the user may use.
  const staticCommands = useMemo(() => {
    const screens = screenCommands(tree, (node) => {
      const target = menuTarget(node);
      if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
      else go(target.to);
    });
    const actions = actionCommands(buttons, leaves, (path, alias) => {
      requestScreenAction(path, alias);
      go(path);
    });
    const global = globalCommands({
      dispatch,
      lock: () => shell.lock.send({ type: 'lock.request' }),
      logout: () => shell.auth.send({ type: 'logout' }),
      home: () => go(HOME_PATH),
      fullscreen: fullscreen.supported ? fullscreen.toggle : undefined,
      closeOthers: () => tabCommands.closeOthers(shell.tabs.getSnapshot().context.activeKey),
      closeAll: () => tabCommands.closeAll(),
      explain,
      setExplain: (on) => {
        writeJson(EXPLAIN_KEY, on);
        setExplain(on);
      },
      downloadLastExport: () =>
        void downloadLastExport().then(
          (name) =>
            name
              ? toast('success', t('palette.cmd.downloadedLastExport', { name }))
              : toast('warning', t('palette.cmd.noFinishedExport')),
          () => undefined, // the API layer has said why
        ),
    });
    return permittedCommands(
      [...screens, ...actions, ...global, ...workCommands(go), ...scopeCommands(scopes)],
      permissions,
    );
  }, [
    tree,
    leaves,
    buttons,
    go,
    dispatch,
    shell,
    fullscreen.supported,
    fullscreen.toggle,
    tabCommands,
    explain,
    scopes,
    permissions,
    t,
  ]);
  const staticSources = useMemo(() => {
    const of = (group: CommandGroup) =>
      commandSource(staticCommands.filter((c) => c.group === group));
    return { screens: of('screens'), actions: of('actions'), scopes: of('scopes') };
  }, [staticCommands]);
  const commandsById = useMemo(
    () => new Map(staticCommands.map((c) => [c.id, c])),
    [staticCommands],
  );

  const openTabs = useSelector(shell.tabs, (s) => s.context.tabs);
  const tabCommandsList = useMemo(
    () =>
      openTabs.map((tab): PaletteCommand => ({
        id: `tab:${tab.key}`,
        group: 'tabs',
        label: { zh: tabLabel(tab, 'zh'), en: tabLabel(tab, 'en') },
        keywords: [tab.path],
        detail: { zh: tab.path, en: tab.path },
        perform: { kind: 'run', run: () => go(tabHref(tab)) },
      })),
    [openTabs, go],
  );
  // My todo tasks (issue 29 item 7), asked for while the palette is open.
  const todoCommands = useTodoCommands(open, permissions, go);
  // The visible screen's own commands ("Reset filters", "Delete selected") join the actions.
  const offered = useScreenCommands();
  const screenActionsList = useMemo(
    () =>
      offered.map((c): PaletteCommand => ({
        id: `screen:${c.id}`,
        group: 'actions',
        label: c.label,
        keywords: [...(c.keywords ?? [])],
        ...(c.shortcut ? { shortcut: c.shortcut as ShortcutId } : {}),
        perform: { kind: 'run', run: c.run },
      })),
    [offered],
  );
  const sources: RootSources = useMemo(
    () => ({
      screens: staticSources.screens,
      actions: [
        commandSource(screenActionsList),
        staticSources.actions,
        commandSource(todoCommands),
      ],
      tabs: commandSource(tabCommandsList),
      scopes: staticSources.scopes,
    }),
    [staticSources, screenActionsList, tabCommandsList, todoCommands],
  );
  const lookupContext: LookupContext = useMemo(
    () => ({
      navigate: go,
      lang,
      request: (args) => silentRequest(args),
      holds: (code) => permissions.has(code),
      // A record action that opens its own dialog: focus goes back from that dialog instead.
      takeFocus: () => focus.handOff(),
    }),
    [go, lang, permissions, focus],
  );

  const [expanded, setExpanded] = useState<ReadonlySet<CommandGroup>>(new Set());
  const [activeKey, setActiveKey] = useState<string>();
  // The record each record page was opened for (its actions need it).
  const [pageHits, setPageHits] = useState<ReadonlyMap<string, RecordHit>>(new Map());
  const query = page.query;
  const scoped = page.id === 'root' ? parseScope(query, scopes) : undefined;
  const lookup = scoped?.scope.lookup;
  const records = useRecordSearch(dispatch, lookup?.scope, lookup ? scoped.term : '');
  // Plain text (no prefix at all) asks every look-up the user holds that accepts it too.
  const plain = usePlainRecordSearch(dispatch, lookups, page.id === 'root' && !scoped ? query : '');

  const rows: Row[] = useMemo(() => {
    if (lookup) return hitRows(lookup, records.hits);
    if (page.id === 'root') {
      const kind = scoped?.scope.kind;
      const commands = rootRows(sources, {
        term: scoped ? scoped.term : query,
        scope: kind === 'commands' || kind === 'tabs' ? kind : undefined,
        expanded,
        recency,
        recent: recentCommands(recency, commandsById, sources),
      });
      // Records come after every command: screens and actions first (issue 25 item 13).
      if (plain.groups.length === 0) return commands;
      return [...commands, ...plainHitRows(plain.groups, (l) => translate(lang, l.label))];
    }
    const pageCommands = nestedPageCommands(page.id, {
      lang,
      theme,
      dispatch,
      lookups,
      permissions,
      explain,
      lookupContext,
      hit: pageHits.get(page.id),
    });
    const list =
      query.trim() === '' ? pageCommands : rank(buildIndex(pageCommands), query).map((r) => r.item);
    return commandRows({ actions: list }, ALL_ACTIONS);
  }, [
    lookup,
    records.hits,
    plain.groups,
    page.id,
    query,
    scoped,
    sources,
    commandsById,
    recency,
    expanded,
    lang,
    theme,
    dispatch,
    lookups,
    permissions,
    explain,
    lookupContext,
    pageHits,
  ]);

  // A new query or page starts from the first result, with every group folded again.
  const resetKey = `${page.id}\u0000${query}`;
  const [seenReset, setSeenReset] = useState(resetKey);
  if (seenReset !== resetKey) {
    setSeenReset(resetKey);
    setExpanded(new Set());
    setActiveKey(undefined);
  }

  const finish = (command: PaletteCommand) => {
    setRecency(recordRun(command.id));
  };

  const choose = (row: SelectableRow, secondary: boolean) => {
    if (row.kind === 'more') {
      setExpanded(new Set([...expanded, row.group]));
      return;
    }
    if (row.kind === 'hit') {
      if (secondary && row.lookup.actions?.length) {
        const id = `record:${row.lookup.scope}:${row.hit.id}`;
        setPageHits(new Map(pageHits).set(id, row.hit));
        actor.send({ type: 'page.push', page: { id, title: row.hit.title } });
        return;
      }
      const opener = focus.handOff();
      actor.send({ type: 'palette.close' });
      row.lookup.open(row.hit, { ...lookupContext, opener });
      return;
    }
    const { command } = row;
    if (command.missingPermission) return;
    const perform = command.perform;
    if (perform.kind === 'prefix') {
      actor.send({ type: 'query.changed', query: perform.prefix });
      return;
    }
    if (perform.kind === 'page') {
      actor.send({
        type: 'page.push',
        page: { id: perform.page.id, title: perform.page.title[lang] },
      });
      return;
    }
    if (perform.kind === 'confirm') {
      confirmed.set(command.id, async () => {
        await perform.run();
        finish(command);
        if (perform.done) toast('success', perform.done[lang]);
      });
      actor.send({
        type: 'command.confirm',
        confirm: {
          commandId: command.id,
          title: command.label[lang],
          message: perform.message[lang],
        },
      });
      return;
    }
    actor.send({ type: 'palette.close' });
    finish(command);
    perform.run();
  };

  // One object per language and page, so the memoised rows of the list do not render again.
  const confirmTitle = context.confirm?.title;
  const root = page.id === 'root';
  const texts: PaletteTexts = useMemo(
    () => ({
      title: t('palette.title'),
      placeholder: root ? t('palette.placeholder') : t('palette.placeholderPage'),
      results: t('palette.results'),
      group: (g) => t(`palette.group.${g}` as MessageKey),
      more: (count) => t('palette.more', { count }),
      needsPermission: (code) => t('palette.needsPermission', { code }),
      hint: t('palette.hint'),
      confirm: t('palette.confirm'),
      cancel: t('palette.cancel'),
      confirmTitle: confirmTitle ?? t('palette.confirmTitle'),
    }),
    [t, root, confirmTitle],
  );

  let status: string | undefined;
  if (lookup) {
    if (scoped?.term === '') status = t('palette.typeToSearch', { label: t(lookup.label) });
    else if (records.error) status = t('palette.lookupFailed', { message: records.error });
    else if (!records.busy && records.hits.length === 0 && records.settled)
      status = t('palette.none');
  } else if (query.trim() !== '' && rows.length === 0 && !plain.busy) status = t('palette.none');

  return (
    <>
      <PaletteView
        opened={open}
        lang={lang}
        texts={texts}
        trail={context.pages.slice(1).map((p) => p.title)}
        query={query}
        onQueryChange={(q) => actor.send({ type: 'query.changed', query: q })}
        rows={rows}
        activeKey={activeKey}
        onActiveKeyChange={setActiveKey}
        onChoose={choose}
        onEscape={() => actor.send({ type: 'palette.escape' })}
        onBack={() => actor.send({ type: 'page.back' })}
        onClose={() => actor.send({ type: 'palette.close' })}
        status={status}
        busy={records.busy || plain.busy}
        error={context.error}
        confirm={
          confirming || running
            ? {
                message: context.confirm?.message ?? '',
                running,
                onAccept: () => actor.send({ type: 'confirm.accept' }),
                onCancel: () => actor.send({ type: 'confirm.cancel' }),
              }
            : undefined
        }
      />
      {/* 退款 on an order found by o: opens its dialog here, wherever the user is. */}
      <OrderRefundHost />
      <TodoTaskHost />
    </>
  );
}

/** The empty palette's recently run commands, most recent first (only ones still offered). */
function recentCommands(
  recency: ReadonlyMap<string, number>,
  byId: ReadonlyMap<string, PaletteCommand>,
  sources: RootSources,
): PaletteCommand[] {
  if (recency.size === 0) return [];
  const dynamic = new Map(
    [...sources.actions[0]!.items, ...sources.tabs.items].map((c) => [c.id, c]),
  );
  return [...recency]
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => byId.get(id) ?? dynamic.get(id))
    .filter((c): c is PaletteCommand => c !== undefined && !c.missingPermission);
}

/**
 * What had focus before the palette opened, given back when it closes unless what the palette
 * ran took focus over (a drawer or dialog that returns it there itself: `handOff`).
 */
class FocusReturn {
  private opener: HTMLElement | null = null;
  private handedOff = false;

  remember(active: Element | null): void {
    this.opener = active instanceof HTMLElement && active !== document.body ? active : null;
    this.handedOff = false;
  }

  /** Focus is taken over: the answer is where to give it back. */
  handOff(): HTMLElement | null {
    this.handedOff = true;
    return this.opener;
  }

  /** The palette closed: where focus goes back, unless it was handed off. */
  release(): HTMLElement | null {
    const opener = this.handedOff ? null : this.opener;
    this.opener = null;
    return opener;
  }
}
