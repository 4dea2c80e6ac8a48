import type { RouteNode } from '../../contracts/auth';
import type { Lang } from '../../i18n';
import { menuLabel } from './menu-tree';

export interface MenuMatch {
  node: RouteNode;
  label: string;
  /** 'prefix': the label starts with the text (spec screen 8); 'contains': found elsewhere. */
  group: 'prefix' | 'contains';
}

/**
 * Spec screen 8 lists leaf menus whose name starts with the typed text; names that merely
 * contain it follow as a second group so a half-remembered word still finds the screen.
 * Case-insensitive; an empty query lists nothing.
 */
export function matchMenus(leaves: readonly RouteNode[], lang: Lang, query: string): MenuMatch[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return [];
  const prefix: MenuMatch[] = [];
  const contains: MenuMatch[] = [];
  for (const node of leaves) {
    const label = menuLabel(node, lang);
    const text = label.toLocaleLowerCase();
    if (text.startsWith(q)) prefix.push({ node, label, group: 'prefix' });
    else if (text.includes(q)) contains.push({ node, label, group: 'contains' });
  }
  return [...prefix, ...contains];
}
