import type { KeyboardEvent } from 'react';

/**
 * Arrow-key movement between the sidebar's items (the tree-view keys operators know from file
 * explorers): Up/Down/Home/End move focus among visible items, Right opens a group, Left closes
 * it or goes to the parent group. Items carry data-menu-item, groups data-group-id and
 * aria-expanded, children data-parent-id.
 */
export function handleSidebarKeys(
  event: KeyboardEvent<HTMLElement>,
  setOpen: (groupId: string, open: boolean) => void,
): void {
  const root = event.currentTarget;
  // Keys typed in a portalled group menu bubble here through React; that menu has its own.
  if (!root.contains(event.target as Node)) return;
  // Items of closed groups sit in an inert wrapper (see sidebar-tree.tsx).
  const items = [...root.querySelectorAll<HTMLElement>('[data-menu-item]')].filter(
    (el) => !el.closest('[inert]'),
  );
  const current = document.activeElement as HTMLElement | null;
  const index = current ? items.indexOf(current) : -1;
  const focus = (el: HTMLElement | undefined) => {
    if (!el) return;
    event.preventDefault();
    el.focus();
  };
  switch (event.key) {
    case 'ArrowDown':
      focus(items[index < 0 ? 0 : Math.min(index + 1, items.length - 1)]);
      break;
    case 'ArrowUp':
      focus(items[index < 0 ? items.length - 1 : Math.max(index - 1, 0)]);
      break;
    case 'Home':
      focus(items[0]);
      break;
    case 'End':
      focus(items[items.length - 1]);
      break;
    case 'ArrowRight': {
      const group = current?.dataset.groupId;
      if (group && current?.getAttribute('aria-expanded') === 'false') {
        event.preventDefault();
        setOpen(group, true);
      } else if (group) focus(items[index + 1]);
      break;
    }
    case 'ArrowLeft': {
      const group = current?.dataset.groupId;
      if (group && current?.getAttribute('aria-expanded') === 'true') {
        event.preventDefault();
        setOpen(group, false);
        break;
      }
      const parent = current?.dataset.parentId;
      if (parent) focus(items.find((el) => el.dataset.groupId === parent));
      break;
    }
  }
}
