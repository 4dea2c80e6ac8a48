import type { CodeTarget, IdPhoto, ProfileEditBody } from '../contracts/auth-profile';
import { api } from './api';

/** blade-user calls of the shell: own profile, password change, guest registration. */
export interface Profile {
  id: string;
  account: string;
  roleName: string;
  deptName: string;
  postName: string;
  code: string;
  tenantId: string;
  tenantName: string;
  userTypeName: string;
  name: string;
  realName: string;
  sex: number | string;
  birthday: string;
  /** Encrypted ('enc1:...'); decrypt with lib/phone. */
  phone: string;
  email: string;
  avatar: string;
}

/** The caller's profile with the profile dialog's fields. */
export type FullProfile = Profile & ProfileExtra;

/** One user of the caller's tenant as GET blade-user/detail answers (BladeX UserVO). */
export interface UserDetail {
  id: string;
  tenantId: string;
  /** Not sent by the embedded server's detail; a BladeX gateway may add it. */
  tenantName?: string;
  account: string;
  name: string;
  realName: string;
  code: string;
  /** Encrypted ('enc1:...'); decrypt with lib/phone. */
  phone: string;
  email: string;
  /** '' when unset (nulls are sent as ''). */
  sex: number | string;
  sexName: string;
  birthday: string;
  roleName: string;
  deptName: string;
  postName: string;
  /** 1 active, 0 disabled, 2 pending approval. */
  status: number;
  statusName: string;
  createTime: string;
}

export interface ProfileUpdate {
  name: string;
  realName: string;
  phone?: string;
  email?: string;
  avatar?: string;
}

/** The profile edit dialog's extra fields (GET blade-user/info; issue 16 item 16). */
export interface ProfileExtra {
  nativePlace?: string;
  idCardFront?: IdPhoto[];
  idCardBack?: IdPhoto[];
}

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST blade-user/send-validate: a code to the new phone (SMS) or e-mail address. */
    sendProfileCode: build.mutation<unknown, { type: CodeTarget; target: string }>({
      query: (form) => ({ url: 'blade-user/send-validate', method: 'POST', form, silent: true }),
    }),
    /** POST blade-user/update-profile: every field, with both codes. */
    editProfile: build.mutation<unknown, ProfileEditBody>({
      query: (body) => ({ url: 'blade-user/update-profile', method: 'POST', body, silent: true }),
      invalidatesTags: ['User'],
    }),
    profile: build.query<Profile, void>({
      query: () => ({ url: 'blade-user/info' }),
      providesTags: ['User'],
    }),
    userDetail: build.query<UserDetail, string>({
      query: (id) => ({ url: 'blade-user/detail', params: { id }, silent: true }),
      providesTags: ['User'],
    }),
    updateProfile: build.mutation<unknown, ProfileUpdate>({
      query: (body) => ({ url: 'blade-user/update-info', method: 'POST', body, silent: true }),
      invalidatesTags: ['User'],
    }),
    /** All three values RSA-encrypted. */
    updatePassword: build.mutation<
      unknown,
      { oldPassword: string; newPassword: string; newPassword1: string }
    >({
      query: (params) => ({
        url: 'blade-user/update-password',
        method: 'POST',
        form: params,
        silent: true,
      }),
    }),
    registerGuest: build.mutation<
      unknown,
      { tenantId: string; name: string; account: string; password: string; password2: string }
    >({
      query: (form) => ({
        url: 'blade-user/register-guest',
        method: 'POST',
        form,
        auth: false,
        silent: true,
      }),
    }),
  }),
});

export const {
  useProfileQuery,
  useUserDetailQuery,
  useUpdateProfileMutation,
  useSendProfileCodeMutation,
  useEditProfileMutation,
  useUpdatePasswordMutation,
  useRegisterGuestMutation,
} = userApi;
