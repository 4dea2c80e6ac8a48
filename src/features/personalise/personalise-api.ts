import { api } from '../../api/api';
import { personalisationChanged } from '../../state/ui-slice';
import type { PersonaliseSettings, SavedPersonalise } from '../../contracts/personalise';

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

/** The four texts and the version they were loaded at (0: nothing stored). */
export function normaliseSaved(data: unknown): SavedPersonalise {
  const version = Number((data as { version?: unknown } | null | undefined)?.version);
  return { ...normalise(data), version: Number.isInteger(version) ? version : 0 };
}

/** A save: the settings and the version the editor loaded (a stale one answers 409). */
export type PersonaliseSave = PersonaliseSettings & { version?: number };

/**
 * blade-system/personalise (src/contracts/personalise.ts): the tenant's personalisation. A save
 * updates the cached detail and the locally stored personalisation at once, so the title, the
 * logo block, the favicon and the colour change without a reload.
 */
export const personaliseApi = api.injectEndpoints({
  endpoints: (build) => ({
    personalise: build.query<SavedPersonalise, void>({
      query: () => ({ url: 'blade-system/personalise/detail', silent: true }),
      transformResponse: normaliseSaved,
    }),
    savePersonalise: build.mutation<SavedPersonalise, PersonaliseSave>({
      query: (body) => ({
        url: 'blade-system/personalise/submit',
        method: 'POST',
        body,
        // The page shows a refused save beside its field.
        silent: true,
      }),
      transformResponse: normaliseSaved,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(personaliseApi.util.upsertQueryData('personalise', undefined, data));
        dispatch(personalisationChanged(normalise(data)));
      },
    }),
  }),
});

export const { usePersonaliseQuery, useSavePersonaliseMutation } = personaliseApi;
