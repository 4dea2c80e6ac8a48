import { api } from './api';
import type { UserInfo } from './auth-calls';

/** blade-auth queries of the signed-in shell. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    userInfo: build.query<UserInfo, void>({
      query: () => ({ url: 'blade-auth/oauth/user-info' }),
      providesTags: ['Session'],
    }),
    clearCache: build.mutation<unknown, void>({
      query: () => ({ url: 'blade-auth/oauth/clear-cache' }),
    }),
  }),
});

export const { useUserInfoQuery, useClearCacheMutation } = authApi;
