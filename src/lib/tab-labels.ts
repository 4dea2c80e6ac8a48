import type { Tab, TabToOpen } from '../../machines/tabs-machine';
import type { RouteNode } from '../contracts/auth';
import { pickLang, translate, type Lang, type MessageKey } from '../i18n';
import { findLeafByPath, menuTitle } from './menu-tree';

/** The home page (the first tab); the same path as HOME_PATH of the shell runtime. */
export const HOME = '/wel/index';
const IFRAME_PREFIX = '/myiframe/';

const both = (key: MessageKey) => ({ zh: translate('zh', key), en: translate('en', key) });

/** Pages of the layout that are not menu leaves but have a fixed tab label. */
const FIXED: Record<string, MessageKey> = {
  [HOME]: 'layout.tabs.home',
  '/info/index': 'layout.tabs.info',
};

/**
 * Pages of the layout under a path prefix, with a fixed tab label each: the leave process's
 * pages (issue 29 item 6), one tab per request or task (the path keeps its ids).
 */
const PREFIXED: readonly [string, MessageKey][] = [
  ['/work/process/leave/form/', 'workTasks.tab.leaveForm'],
  ['/work/process/leave/handle/', 'workTasks.tab.leaveHandle'],
  ['/work/process/leave/detail/', 'workTasks.tab.leaveDetail'],
  // The BPMN modeller (issue 29 item 1); the page adds the model's name and an unsaved mark.
  ['/flow/model/design/', 'workflowDesign.tab'],
];

export interface LocationTab {
  tab: TabToOpen;
  /** Whether the path is a menu leaf or a page of the layout with a fixed label. */
  known: boolean;
}

function parseQuery(search: string): Record<string, string> | undefined {
  const entries = [...new URLSearchParams(search)];
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The tab of a location (spec section 2: label, path, query). The label comes from the menu
 * leaf when the path is one, else from a fixed label, else the frame page's `name` query or its
 * code, else the path itself. Both languages travel in meta.title so tabs follow the language.
 */
export function tabForLocation(
  pathname: string,
  search: string,
  leaves: readonly RouteNode[],
): LocationTab {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const query = parseQuery(search);
  const make = (title: { zh: string; en: string }, known: boolean): LocationTab => ({
    tab: {
      path,
      label: title.zh,
      ...(query ? { query } : {}),
      meta: { ...(path === HOME ? { i18n: 'wel' } : {}), title },
    },
    known,
  });

  const fixed = FIXED[path] ?? PREFIXED.find(([prefix]) => path.startsWith(prefix))?.[1];
  if (fixed) return make(both(fixed), true);
  const leaf = findLeafByPath(leaves, path);
  if (leaf) return make(menuTitle(leaf), true);
  if (path.startsWith(IFRAME_PREFIX)) {
    const code = decode(path.slice(IFRAME_PREFIX.length));
    const byCode = leaves.find((l) => l.code === code);
    if (byCode) return make(menuTitle(byCode), true);
    const name = query?.name || code;
    return make({ zh: name, en: name }, true);
  }
  return make({ zh: path, en: path }, false);
}

/** A tab's label in the current language. */
export function tabLabel(tab: Tab, lang: Lang): string {
  if (tab.meta?.title) return pickLang(lang, tab.meta.title);
  if (tab.meta?.i18n === 'wel') return translate(lang, 'layout.tabs.home');
  return tab.label;
}

/** Where a tab leads: its path and query. */
export function tabHref(tab: Pick<Tab, 'path' | 'query'>): string {
  const search = new URLSearchParams(tab.query ?? {}).toString();
  return search ? `${tab.path}?${search}` : tab.path;
}
