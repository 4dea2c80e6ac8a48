import { api } from './api';

/** A node of BladeX's tree endpoints (TreeNode: contract.md 3.2). */
export interface GrantTreeNode {
  id: string;
  parentId: string;
  title: string;
  key?: string;
  value?: string;
  hasChildren?: boolean;
  children?: GrantTreeNode[];
}

/** GET menu/grant-tree: the trees of the role-grant dialog (what the caller may hand out). */
export interface GrantTrees {
  menu: GrantTreeNode[];
  dataScope: GrantTreeNode[];
  apiScope: GrantTreeNode[];
}

/** GET menu/role-tree-keys: what the roles already hold. */
export interface RoleTreeKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** POST role/grant (spec section 3 "Role grant"): replaces each role's links. */
export interface RoleGrant {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

const ROLE_TAG = { type: 'Resource' as const, id: 'blade-system/role' };
const TOP_MENU_TAG = { type: 'Resource' as const, id: 'blade-system/topmenu' };

/** Ids as strings (BladeX ids exceed 2^53 and must never pass through a number). */
const ids = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((x) => String(x)).filter(Boolean) : [];

/**
 * The grant calls of roles and top menus. Failures are shown inside the dialogs (silent): the
 * dialog keeps the user's choice and says what the server answered.
 */
export const grantApi = api.injectEndpoints({
  endpoints: (build) => ({
    grantTree: build.query<GrantTrees, void>({
      query: () => ({ url: 'blade-system/menu/grant-tree', silent: true }),
      transformResponse: (data: Partial<GrantTrees> | null) => ({
        menu: data?.menu ?? [],
        dataScope: data?.dataScope ?? [],
        apiScope: data?.apiScope ?? [],
      }),
      providesTags: ['Menu'],
    }),
    roleTreeKeys: build.query<RoleTreeKeys, readonly string[]>({
      query: (roleIds) => ({
        url: 'blade-system/menu/role-tree-keys',
        params: { roleIds: roleIds.join(',') },
        silent: true,
      }),
      transformResponse: (data: Partial<RoleTreeKeys> | null) => ({
        menu: ids(data?.menu),
        dataScope: ids(data?.dataScope),
        apiScope: ids(data?.apiScope),
      }),
      providesTags: [ROLE_TAG],
    }),
    /** Grants can change what the caller sees (a role they hold): the menus reload too. */
    grantRoles: build.mutation<unknown, RoleGrant>({
      query: (body) => ({ url: 'blade-system/role/grant', method: 'POST', body, silent: true }),
      invalidatesTags: [ROLE_TAG, 'Menu'],
    }),
    grantTopTree: build.query<GrantTreeNode[], void>({
      query: () => ({ url: 'blade-system/menu/grant-top-tree', silent: true }),
      transformResponse: (data: { menu?: GrantTreeNode[] } | null) => data?.menu ?? [],
      providesTags: ['Menu'],
    }),
    topTreeKeys: build.query<string[], readonly string[]>({
      query: (topMenuIds) => ({
        url: 'blade-system/menu/top-tree-keys',
        params: { topMenuIds: topMenuIds.join(',') },
        silent: true,
      }),
      transformResponse: (data: { menu?: unknown } | null) => ids(data?.menu),
      providesTags: [TOP_MENU_TAG],
    }),
    /** The sidebar under a top menu is cut to its menus: the menus reload. */
    grantTopMenus: build.mutation<unknown, { topMenuIds: string[]; menuIds: string[] }>({
      query: (body) => ({ url: 'blade-system/topmenu/grant', method: 'POST', body, silent: true }),
      invalidatesTags: [TOP_MENU_TAG, 'Menu'],
    }),
  }),
});

export const {
  useGrantTreeQuery,
  useRoleTreeKeysQuery,
  useGrantRolesMutation,
  useGrantTopTreeQuery,
  useTopTreeKeysQuery,
  useGrantTopMenusMutation,
} = grantApi;
