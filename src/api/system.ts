import type { ButtonNode, RouteNode, TopMenu } from '../contracts/auth';
import { api } from './api';

/** blade-system menus for the shell: routes (sidebar), buttons (permissions), top menus. */
export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    menuRoutes: build.query<RouteNode[], { topMenuId?: string } | void>({
      query: (arg) => ({
        url: 'blade-system/menu/routes',
        params: arg?.topMenuId ? { topMenuId: arg.topMenuId } : {},
      }),
      providesTags: ['Menu'],
    }),
    menuButtons: build.query<ButtonNode[], void>({
      query: () => ({ url: 'blade-system/menu/buttons' }),
      providesTags: ['Menu'],
    }),
    topMenus: build.query<TopMenu[], void>({
      query: () => ({ url: 'blade-system/menu/top-menu' }),
      providesTags: ['Menu'],
    }),
    dictionary: build.query<{ dictKey: string; dictValue: string }[], string>({
      query: (code) => ({ url: 'blade-system/dict/dictionary', params: { code } }),
      providesTags: ['Dict'],
    }),
  }),
});

export const { useMenuRoutesQuery, useMenuButtonsQuery, useTopMenusQuery, useDictionaryQuery } =
  systemApi;

/** The permission flag map from the buttons tree (spec: button codes kept as a flag map). */
export function permissionFlags(nodes: ButtonNode[] | undefined): Record<string, true> {
  const flags: Record<string, true> = {};
  const walk = (list: ButtonNode[]) => {
    for (const n of list) {
      flags[n.code] = true;
      if (n.children) walk(n.children);
    }
  };
  walk(nodes ?? []);
  return flags;
}
