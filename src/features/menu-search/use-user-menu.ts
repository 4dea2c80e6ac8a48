import { useMemo } from 'react';
import { useMenuRoutesQuery } from '../../api/system';
import { useAppSelector } from '../../state/hooks';
import type { RouteNode } from '../../contracts/auth';
import { filterByRoles, flattenLeaves, parseRoles } from '../../lib/menu-tree';

export interface UserMenu {
  /** The role-filtered tree. */
  tree: RouteNode[];
  /** Its leaves, in menu order. */
  leaves: RouteNode[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

const EMPTY: RouteNode[] = [];

/**
 * The signed-in user's menu (one top menu's part when `topMenuId` is set), with the role filter
 * of spec section 6 applied. Only inside the signed-in layout (RTK Query is installed there).
 */
export function useUserMenu(topMenuId?: string): UserMenu {
  const roleName = useAppSelector((s) => s.session.session?.role_name);
  const query = useMenuRoutesQuery(topMenuId ? { topMenuId } : undefined);
  const data = query.data ?? EMPTY;
  const tree = useMemo(() => filterByRoles(data, parseRoles(roleName)), [data, roleName]);
  const leaves = useMemo(() => flattenLeaves(tree), [tree]);
  const { refetch } = query;
  return {
    tree,
    leaves,
    isLoading: query.isLoading,
    isError: query.isError && !query.data,
    refetch: () => void refetch(),
  };
}
