import { api } from '../../api/api';
import { personalisationChanged } from '../../state/ui-slice';
import type { PersonaliseSettings } from '../../contracts/personalise';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Whatever the server answered, as the four texts the console stores ('' when missing). */
export function normalise(data: unknown): PersonaliseSettings {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    systemColor: text(d.systemColor),
    sideName: text(d.sideName),
    smallWindowLogoUrl: text(d.smallWindowLogoUrl),
    navigationBarLogoUrl: text(d.navigationBarLogoUrl),
  };
}

/**
 * blade-system/personalise (src/contracts/personalise.ts): the tenant's personalisation. A save
 * updates the cached detail and the locally stored personalisation at once, so the title, the
 * logo block, the favicon and the colour change without a reload.
 */
export const personaliseApi = api.injectEndpoints({
  endpoints: (build) => ({
    personalise: build.query<PersonaliseSettings, void>({
      query: () => ({ url: 'blade-system/personalise/detail', silent: true }),
      transformResponse: normalise,
    }),
    savePersonalise: build.mutation<PersonaliseSettings, PersonaliseSettings>({
      query: (body) => ({
        url: 'blade-system/personalise/submit',
        method: 'POST',
        body,
        // The page shows a refused save beside its field.
        silent: true,
      }),
      transformResponse: normalise,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(personaliseApi.util.upsertQueryData('personalise', undefined, data));
        dispatch(personalisationChanged(data));
      },
    }),
  }),
});

export const { usePersonaliseQuery, useSavePersonaliseMutation } = personaliseApi;
