import { assertEvent, assign, setup } from 'xstate';

/** One open page in the tab bar (spec section 2 route guard, section 4 tabs, screen 9). */
export interface Tab {
  /** `path` + '?' + sorted query string, or `path` alone when there is no query; see {@link tabKey}. */
  key: string;
  label: string;
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  meta?: { i18n?: string; title?: { zh: string; en: string } };
}

/** What `tab.open` accepts: the key is derived from path and query when the caller omits it. */
export type TabToOpen = Omit<Tab, 'key'> & { key?: string };

export interface TabsContext {
  /** The home tab is always first, never closable, never removed. */
  tabs: Tab[];
  activeKey: string;
  /** Closed tabs for `tab.reopen`, most recent last. */
  closed: Tab[];
  /**
   * Keys of pages kept alive, least recently activated first. A kept page keeps its own state,
   * scroll positions included (app/layout/kept-page.tsx); it is lost when the key leaves.
   */
  keepAlive: string[];
}

export interface TabsInput {
  home: Tab;
}

export type TabsEvent =
  | { type: 'tab.open'; tab: TabToOpen }
  | { type: 'tab.activate'; key: string }
  | { type: 'tab.close'; key: string }
  | { type: 'tab.closeOthers'; key: string }
  | { type: 'tab.closeAll' }
  | { type: 'tab.next' }
  | { type: 'tab.prev' }
  | { type: 'tab.reopen' }
  | { type: 'tabs.reset' }
  /** Tabs kept over a reload (not their pages): put back behind home, nothing activated. */
  | { type: 'tabs.restore'; tabs: readonly Tab[] };

/** Spec section 9: keep-alive cache of 10 pages, home included. */
export const KEEP_ALIVE_MAX = 10;
export const CLOSED_MAX = 20;
/** More restored tabs than this are dropped (a stored list is outside data). */
export const RESTORE_MAX = 100;

/**
 * The identity of a tab. The query is sorted so that `?a=1&b=2` and `?b=2&a=1` are the same
 * page and never open two tabs.
 */
export function tabKey(path: string, query?: Record<string, string>): string {
  const entries = Object.entries(query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return path;
  const search = entries
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${path}?${search}`;
}

function withKey(tab: TabToOpen): Tab {
  return { ...tab, key: tab.key ?? tabKey(tab.path, tab.query) };
}

const homeKey = (ctx: TabsContext): string => ctx.tabs[0]!.key;

/** Moves `key` to the most-recent end, evicting the least recently activated non-home page. */
function touch(ctx: TabsContext, key: string): Pick<TabsContext, 'keepAlive'> {
  const keepAlive = [...ctx.keepAlive.filter((k) => k !== key), key];
  if (keepAlive.length > KEEP_ALIVE_MAX) {
    keepAlive.splice(
      keepAlive.findIndex((k) => k !== homeKey(ctx)),
      1,
    );
  }
  return { keepAlive };
}

function activate(ctx: TabsContext, key: string): Partial<TabsContext> {
  return { activeKey: key, ...touch(ctx, key) };
}

function open(ctx: TabsContext, tab: Tab): Partial<TabsContext> {
  // Opening the active tab again as it is changes nothing (the tab bar does not render again).
  const same = ctx.tabs.find((t) => t.key === tab.key);
  if (
    same &&
    ctx.activeKey === tab.key &&
    ctx.keepAlive.at(-1) === tab.key &&
    same.label === tab.label &&
    JSON.stringify(same.meta) === JSON.stringify(tab.meta ?? same.meta)
  )
    return {};
  const exists = Boolean(same);
  // An open tab keeps its place; only its label and title change (e.g. after a language switch).
  const tabs = exists
    ? ctx.tabs.map((t) =>
        t.key === tab.key ? { ...t, label: tab.label, meta: tab.meta ?? t.meta } : t,
      )
    : [...ctx.tabs, tab];
  return { tabs, ...activate({ ...ctx, tabs }, tab.key) };
}

/** Removes tabs (never home) and forgets their keep-alive state; they become reopenable. */
function remove(ctx: TabsContext, keep: (tab: Tab) => boolean): Partial<TabsContext> {
  const home = homeKey(ctx);
  const tabs = ctx.tabs.filter((t) => t.key === home || keep(t));
  const removed = ctx.tabs.filter((t) => !tabs.includes(t));
  const left = new Set(tabs.map((t) => t.key));
  return {
    tabs,
    closed: [...ctx.closed, ...removed].slice(-CLOSED_MAX),
    keepAlive: ctx.keepAlive.filter((k) => left.has(k)),
  };
}

function step(ctx: TabsContext, delta: 1 | -1): Partial<TabsContext> {
  const index = ctx.tabs.findIndex((t) => t.key === ctx.activeKey);
  const n = ctx.tabs.length;
  return activate(ctx, ctx.tabs[(index + delta + n) % n]!.key);
}

/**
 * Restored tabs behind home, in their stored order; tabs already open (the page the address
 * opened) stay, after them when they were not stored. Duplicates and home itself are left out,
 * the list is capped. Nothing is kept alive or activated: the address decides the active tab.
 */
function restore(ctx: TabsContext, stored: readonly Tab[]): Partial<TabsContext> {
  const [home, ...open] = ctx.tabs;
  const tabs = [home!];
  const seen = new Set([home!.key]);
  const opened = new Map(open.map((t) => [t.key, t]));
  for (const tab of [...stored.slice(0, RESTORE_MAX), ...open]) {
    if (seen.has(tab.key)) continue;
    seen.add(tab.key);
    tabs.push(opened.get(tab.key) ?? tab);
  }
  return { tabs };
}

function initial(home: Tab): TabsContext {
  return { tabs: [home], activeKey: home.key, closed: [], keepAlive: [home.key] };
}

export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
    input: {} as TabsInput,
  },
  guards: {
    hasTab: ({ context, event }) => 'key' in event && context.tabs.some((t) => t.key === event.key),
    /** Home is never closable, so neither is the last tab (which is always home). */
    canClose: ({ context, event }) => {
      assertEvent(event, 'tab.close');
      return (
        event.key !== homeKey(context) &&
        context.tabs.length > 1 &&
        context.tabs.some((t) => t.key === event.key)
      );
    },
    hasClosed: ({ context }) => context.closed.length > 0,
  },
  actions: {
    openTab: assign(({ context, event }) => {
      assertEvent(event, 'tab.open');
      return open(context, withKey(event.tab));
    }),
    activateTab: assign(({ context, event }) => {
      assertEvent(event, 'tab.activate');
      return activate(context, event.key);
    }),
    closeTab: assign(({ context, event }) => {
      assertEvent(event, 'tab.close');
      const index = context.tabs.findIndex((t) => t.key === event.key);
      const next = remove(context, (t) => t.key !== event.key);
      if (context.activeKey !== event.key) return next;
      // Spec section 4: the previous tab becomes active, or the first when there is none before.
      const successor = next.tabs![Math.max(index - 1, 0)]!;
      return { ...next, ...activate({ ...context, ...next }, successor.key) };
    }),
    closeOthers: assign(({ context, event }) => {
      assertEvent(event, 'tab.closeOthers');
      const next = remove(context, (t) => t.key === event.key);
      return { ...next, ...activate({ ...context, ...next }, event.key) };
    }),
    closeAll: assign(({ context }) => {
      const next = remove(context, () => false);
      return { ...next, ...activate({ ...context, ...next }, homeKey(context)) };
    }),
    activateNext: assign(({ context }) => step(context, 1)),
    activatePrev: assign(({ context }) => step(context, -1)),
    reopenTab: assign(({ context }) => {
      const tab = context.closed[context.closed.length - 1]!;
      const popped = { ...context, closed: context.closed.slice(0, -1) };
      return { closed: popped.closed, ...open(popped, tab) };
    }),
    reset: assign(({ context }) => initial(context.tabs[0]!)),
    restoreTabs: assign(({ context, event }) => {
      assertEvent(event, 'tabs.restore');
      return restore(context, event.tabs);
    }),
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => initial(input.home),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'tab.open': { actions: 'openTab' },
        'tab.activate': { guard: 'hasTab', actions: 'activateTab' },
        'tab.close': { guard: 'canClose', actions: 'closeTab' },
        'tab.closeOthers': { guard: 'hasTab', actions: 'closeOthers' },
        'tab.closeAll': { actions: 'closeAll' },
        'tab.next': { actions: 'activateNext' },
        'tab.prev': { actions: 'activatePrev' },
        'tab.reopen': { guard: 'hasClosed', actions: 'reopenTab' },
        'tabs.reset': { actions: 'reset' },
        'tabs.restore': { actions: 'restoreTabs' },
      },
    },
  },
});
