import type { RouteNode } from '../contracts/auth';
import { pickLang, type Lang } from '../i18n';

/**
 * Pure helpers over the user's menu routes (blade-system/menu/routes), shared by the sidebar,
 * the tab bar, the screen resolver, the menu search and the dashboard's quick links.
 */

/** A node with children is a group; everything else is a screen (a leaf). */
export function isLeaf(node: RouteNode): boolean {
  return !node.children || node.children.length === 0;
}

/** The bilingual title of a node: the server's meta.title, else name / nameEn. */
export function menuTitle(node: RouteNode): { zh: string; en: string } {
  return node.meta?.title ?? { zh: node.name, en: node.nameEn };
}

/** The node's label in the current language (English falls back to Chinese when missing). */
export function menuLabel(node: RouteNode, lang: Lang): string {
  return pickLang(lang, menuTitle(node));
}

/** The role aliases of a session's comma-separated `role_name`. */
export function parseRoles(roleName: string | undefined): string[] {
  return (roleName ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
}

/**
 * Spec section 6: items with a roles list show only to a user holding one of them; items
 * without one are visible to all. A group whose children are all filtered out disappears too,
 * so the sidebar never shows an empty folder.
 */
export function filterByRoles(nodes: readonly RouteNode[], roles: readonly string[]): RouteNode[] {
  const held = new Set(roles);
  const out: RouteNode[] = [];
  for (const node of nodes) {
    const wanted = node.meta?.roles;
    if (wanted && wanted.length > 0 && !wanted.some((r) => held.has(r))) continue;
    if (isLeaf(node)) {
      out.push(node);
      continue;
    }
    const children = filterByRoles(node.children ?? [], roles);
    if (children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** Every leaf of the tree, depth first, in menu order. */
export function flattenLeaves(nodes: readonly RouteNode[]): RouteNode[] {
  const out: RouteNode[] = [];
  const walk = (list: readonly RouteNode[]) => {
    for (const node of list) {
      if (isLeaf(node)) out.push(node);
      else walk(node.children ?? []);
    }
  };
  walk(nodes);
  return out;
}

/** Whether a menu path is an external web address (only http and https count). */
export function isHttpUrl(path: string): boolean {
  if (!/^https?:\/\//i.test(path)) return false;
  try {
    const url = new URL(path);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The in-console frame page for an external address; undefined for anything but http(s). */
export function iframeLink(code: string, url: string): string | undefined {
  if (!isHttpUrl(url)) return undefined;
  return `/myiframe/${encodeURIComponent(code)}?url=${encodeURIComponent(url)}`;
}

/** Path plus the node's fixed query (BladeX menus may carry one). */
function withQuery(path: string, query: Record<string, string> | undefined): string {
  const search = new URLSearchParams(query ?? {}).toString();
  return search ? `${path}?${search}` : path;
}

/** Where opening a leaf leads (spec screen 7). */
export type MenuTarget =
  { kind: 'external'; url: string } | { kind: 'route'; to: string; path: string };

/**
 * open flag 2 + http(s) path: a new window; other http(s) paths: the frame page; anything else:
 * an internal route.
 */
export function menuTarget(node: RouteNode): MenuTarget {
  if (isHttpUrl(node.path)) {
    if (node.isOpen === 2) return { kind: 'external', url: node.path };
    const path = `/myiframe/${encodeURIComponent(node.code)}`;
    return { kind: 'route', to: iframeLink(node.code, node.path)!, path };
  }
  return { kind: 'route', to: withQuery(node.path, node.query), path: node.path };
}

/** The route path a leaf is shown under (the frame page for external links). */
export function leafPath(node: RouteNode): string {
  const target = menuTarget(node);
  return target.kind === 'route' ? target.path : node.path;
}

/** Trailing slashes do not make another page. */
function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The leaf shown at a location's path, if the menu has one. */
export function findLeafByPath(
  leaves: readonly RouteNode[],
  pathname: string,
): RouteNode | undefined {
  const wanted = normalise(pathname);
  return leaves.find((leaf) => {
    const target = menuTarget(leaf);
    return target.kind === 'route' && normalise(target.path) === wanted;
  });
}

/** Ids of the groups leading to a leaf (to open them in the sidebar), outermost first. */
export function ancestorIds(nodes: readonly RouteNode[], leafId: string): string[] {
  for (const node of nodes) {
    if (node.id === leafId) return [];
    if (!isLeaf(node)) {
      const below = ancestorIds(node.children ?? [], leafId);
      if (below.length > 0 || (node.children ?? []).some((c) => c.id === leafId)) {
        return [node.id, ...below];
      }
    }
  }
  return [];
}
