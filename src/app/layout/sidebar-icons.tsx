import { Menu, NavLink, Tooltip } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { RouteNode } from '../../contracts/auth';
import { isLeaf, menuLabel, menuTarget } from '../../lib/menu-tree';
import type { Lang } from '../../i18n';
import { useT } from '../../state/hooks';
import classes from './layout.module.css';
import { MenuIcon } from '../../components/menu-icon';
import { openExternal } from './sidebar-tree';

interface Props {
  nodes: readonly RouteNode[];
  lang: Lang;
  activeId: string | undefined;
  activeGroupIds: ReadonlySet<string>;
}

const navClasses = { root: `${classes.link} ${classes.iconLink}`, label: classes.linkLabel };

/** Leaves of a group as menu entries, sub-groups as headed sections (one level of nesting). */
function GroupEntries({ nodes, lang }: { nodes: readonly RouteNode[]; lang: Lang }): ReactNode {
  const t = useT();
  return nodes.map((node) => {
    const label = menuLabel(node, lang);
    if (!isLeaf(node)) {
      return (
        <div key={node.id} role="group" aria-label={label}>
          <Menu.Label>{label}</Menu.Label>
          <GroupEntries nodes={node.children ?? []} lang={lang} />
        </div>
      );
    }
    const target = menuTarget(node);
    const icon = <MenuIcon name={node.source} size={16} />;
    return target.kind === 'external' ? (
      <Menu.Item
        key={node.id}
        component="a"
        href={target.url}
        leftSection={icon}
        aria-label={t('layout.nav.newWindow', { label })}
        onClick={(e: MouseEvent) => openExternal(e, target.url)}
      >
        {label}
      </Menu.Item>
    ) : (
      <Menu.Item key={node.id} component={Link} to={target.to} leftSection={icon}>
        {label}
      </Menu.Item>
    );
  });
}

/**
 * The collapsed sidebar (ui.collapsed): icons only, each with its name as accessible name and
 * tooltip; a group opens its screens in a menu beside it.
 */
export function SidebarIcons({ nodes, lang, activeId, activeGroupIds }: Props) {
  const t = useT();
  return nodes.map((node) => {
    const label = menuLabel(node, lang);
    const icon = <MenuIcon name={node.source} size={20} />;
    if (!isLeaf(node)) {
      return (
        <Menu key={node.id} position="right-start" offset={4} withArrow>
          <Menu.Target>
            <NavLink
              component="button"
              label={undefined}
              leftSection={icon}
              classNames={navClasses}
              aria-label={label}
              active={activeGroupIds.has(node.id)}
              variant="light"
              data-menu-item
            />
          </Menu.Target>
          <Menu.Dropdown aria-label={label}>
            <Menu.Label>{label}</Menu.Label>
            <GroupEntries nodes={node.children ?? []} lang={lang} />
          </Menu.Dropdown>
        </Menu>
      );
    }
    const target = menuTarget(node);
    const link =
      target.kind === 'external' ? (
        <NavLink
          component="a"
          href={target.url}
          leftSection={icon}
          classNames={navClasses}
          aria-label={t('layout.nav.newWindow', { label })}
          onClick={(e: MouseEvent) => openExternal(e, target.url)}
          data-menu-item
        />
      ) : (
        <NavLink
          component={Link}
          to={target.to}
          leftSection={icon}
          classNames={navClasses}
          aria-label={label}
          active={node.id === activeId}
          aria-current={node.id === activeId ? 'page' : undefined}
          variant="filled"
          data-menu-item
        />
      );
    return (
      <Tooltip key={node.id} label={label} position="right" withArrow>
        {link}
      </Tooltip>
    );
  });
}
