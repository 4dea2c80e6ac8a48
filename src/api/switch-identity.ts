import { api } from './api';

/**
 * Options of the switch-department/role form (spec sections 3 and 6; only in switch mode):
 * the tenant's departments and the roles that can be given to the user.
 */
export interface DeptOption {
  id: string;
  parentId: string;
  deptName: string;
}

export interface RoleOptions {
  roles: { id: string; roleName: string; roleAlias: string }[];
  checked: string[];
}

export const switchIdentityApi = api.injectEndpoints({
  endpoints: (build) => ({
    deptOptions: build.query<DeptOption[], void>({
      query: () => ({ url: 'blade-system/dept/select', silent: true }),
    }),
    roleOptions: build.query<RoleOptions, string>({
      query: (userId) => ({ url: 'blade-system/role/select', params: { userId }, silent: true }),
    }),
  }),
});

export const { useDeptOptionsQuery, useRoleOptionsQuery } = switchIdentityApi;
