import { api } from '../../api/api';
import type {
  PlatformKey,
  PlatformSettingDetail,
  PlatformSettingSubmit,
} from '../../contracts/platform-settings';

/**
 * blade-system/platform-setting (src/contracts/platform-settings.ts): one configuration per
 * tenant and platform. A save answers the stored detail (secrets masked, the new version), which
 * replaces the cached one without a second request.
 */
export const platformSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    platformSetting: build.query<PlatformSettingDetail, PlatformKey>({
      query: (platform) => ({
        url: 'blade-system/platform-setting/detail',
        params: { platform },
        // The page shows a failed load with a retry button.
        silent: true,
      }),
    }),
    savePlatformSetting: build.mutation<PlatformSettingDetail, PlatformSettingSubmit>({
      query: (body) => ({
        url: 'blade-system/platform-setting/submit',
        method: 'POST',
        body,
        // The form shows a refused save beside its field (or the 409 with Reload).
        silent: true,
      }),
      async onQueryStarted({ platform }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(platformSettingsApi.util.upsertQueryData('platformSetting', platform, data));
      },
    }),
  }),
});

export const { usePlatformSettingQuery, useSavePlatformSettingMutation } = platformSettingsApi;
