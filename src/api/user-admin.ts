import { api } from './api';

/**
 * blade-user calls of the users screen beyond the engine's list and remove (server/services/
 * blade-user/routes.ts). Every write refreshes the user lists (`Resource` blade-user) and the
 * user detail drawer (`User`). Failures are silent: the dialogs show the server's message.
 */
const USERS = [{ type: 'Resource' as const, id: 'blade-user' }, 'User' as const];

/** A node of blade-system/role/tree (and dept/tree): BladeX's TreeNode. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  children?: TreeNode[];
}

export interface PlatformDetail {
  id: string;
  userType: number;
  /** JSON text, '' when unset. */
  userExt: string;
}

/** What blade-user/reset-password answers, once: each user's one-time password. */
export interface ResetPassword {
  id: string;
  account: string;
  password: string;
  /** 'yyyy-MM-dd HH:mm:ss': the password no longer signs in after this. */
  expireTime: string;
}

export const userAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** submit without id; `password` RSA-encrypted. */
    createUser: build.mutation<{ id: string }, Record<string, unknown>>({
      query: (body) => ({ url: 'blade-user/submit', method: 'POST', body, silent: true }),
      invalidatesTags: USERS,
    }),
    /** A partial update with optimistic locking (`version`). */
    updateUser: build.mutation<{ id: string }, Record<string, unknown> & { id: string }>({
      query: (body) => ({ url: 'blade-user/update', method: 'POST', body, silent: true }),
      invalidatesTags: USERS,
    }),
    /** The users' roles become exactly `roleIds` (both comma-joined). */
    grantUserRoles: build.mutation<unknown, { userIds: string; roleIds: string }>({
      query: (params) => ({ url: 'blade-user/grant', method: 'POST', params, silent: true }),
      invalidatesTags: USERS,
    }),
    /** A one-time password per user (comma-joined ids), to be shown once and never kept. */
    resetUserPasswords: build.mutation<ResetPassword[], { userIds: string }>({
      query: (params) => ({
        url: 'blade-user/reset-password',
        method: 'POST',
        params,
        silent: true,
      }),
      invalidatesTags: USERS,
    }),
    userPlatform: build.query<PlatformDetail, string>({
      query: (id) => ({ url: 'blade-user/platform-detail', params: { id }, silent: true }),
      providesTags: USERS,
    }),
    updateUserPlatform: build.mutation<unknown, { id: string; userType: number; userExt: string }>({
      query: (body) => ({ url: 'blade-user/update-platform', method: 'POST', body, silent: true }),
      invalidatesTags: USERS,
    }),
    /** The tenant's roles as a tree (grant dialog). */
    roleTree: build.query<TreeNode[], void>({
      query: () => ({ url: 'blade-system/role/tree', silent: true }),
      providesTags: [{ type: 'Resource', id: 'blade-system/role' }],
    }),
  }),
});

export const {
  useCreateUserMutation,
  useUpdateUserMutation,
  useGrantUserRolesMutation,
  useResetUserPasswordsMutation,
  useUserPlatformQuery,
  useUpdateUserPlatformMutation,
  useRoleTreeQuery,
} = userAdminApi;
