import { NavLink } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { RouteNode } from '../../contracts/auth';
import { isLeaf, menuLabel, menuTarget } from '../../lib/menu-tree';
import type { Lang } from '../../i18n';
import { useT } from '../../state/hooks';
import classes from './layout.module.css';
import { MenuIcon } from '../../components/menu-icon';

export interface SidebarTreeProps {
  nodes: readonly RouteNode[];
  lang: Lang;
  activeId: string | undefined;
  openIds: ReadonlySet<string>;
  setOpen: (groupId: string, open: boolean) => void;
  onNavigate: () => void;
  parentId?: string;
}

const navClasses = { root: classes.link, label: classes.linkLabel };

/** The open groups with `groupId` opened or closed. */
export function withGroup(
  openIds: ReadonlySet<string>,
  groupId: string,
  open: boolean,
): ReadonlySet<string> {
  const next = new Set(openIds);
  if (open) next.add(groupId);
  else next.delete(groupId);
  return next;
}

/** Opens an external leaf (open flag 2) in a new window with no access back to the console. */
export function openExternal(event: MouseEvent, url: string): void {
  event.preventDefault();
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * A group's links: rendered from the first time the group opens (a menu of a hundred screens
 * is mostly closed groups, and rendering them all cost a reload ~80 ms), kept afterwards so
 * that closing and opening again animates. Mantine keeps a closed group's links in the page at
 * height 0; inert takes them out of the tab order and the accessibility tree until it opens.
 */
function GroupChildren({ open, children }: { open: boolean; children: () => ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return <div inert={!open}>{opened ? children() : null}</div>;
}

/** The expanded sidebar: nested groups (buttons with aria-expanded) and leaf links. */
export function SidebarTree(props: SidebarTreeProps) {
  const { nodes, lang, activeId, openIds, setOpen, onNavigate, parentId } = props;
  const t = useT();
  return nodes.map((node) => {
    const label = menuLabel(node, lang);
    const common = {
      label,
      title: label,
      leftSection: <MenuIcon name={node.source} />,
      classNames: navClasses,
      'data-menu-item': true,
      'data-parent-id': parentId,
    };
    if (!isLeaf(node)) {
      const open = openIds.has(node.id);
      return (
        <NavLink
          key={node.id}
          component="button"
          {...common}
          data-group-id={node.id}
          aria-expanded={open}
          opened={open}
          onChange={(next) => setOpen(node.id, next)}
          childrenOffset={12}
        >
          <GroupChildren open={open}>
            {() => <SidebarTree {...props} nodes={node.children ?? []} parentId={node.id} />}
          </GroupChildren>
        </NavLink>
      );
    }
    const target = menuTarget(node);
    if (target.kind === 'external') {
      return (
        <NavLink
          key={node.id}
          component="a"
          href={target.url}
          target="_blank"
          rel="noopener noreferrer"
          {...common}
          aria-label={t('layout.nav.newWindow', { label })}
          rightSection={<IconExternalLink size={14} aria-hidden="true" />}
          onClick={(e: MouseEvent) => {
            openExternal(e, target.url);
            onNavigate();
          }}
        />
      );
    }
    const active = node.id === activeId;
    return (
      <NavLink
        key={node.id}
        component={Link}
        to={target.to}
        {...common}
        active={active}
        variant="filled"
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}
