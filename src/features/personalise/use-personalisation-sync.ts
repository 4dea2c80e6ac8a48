import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import type { RootState } from '../../state/store';
import { personalisationChanged, type Personalisation } from '../../state/ui-slice';
import { applyFavicon } from './favicon';
import { normalise, usePersonaliseQuery } from './personalise-api';

const KEYS = ['systemColor', 'sideName', 'smallWindowLogoUrl', 'navigationBarLogoUrl'] as const;
const samePersonalisation = (a: Personalisation, b: Personalisation) =>
  KEYS.every((k) => a[k] === b[k]);

/**
 * For the signed-in layout: fetches the tenant's personalisation once per session and stores
 * it locally (ui-slice: localStorage), so the title, logo block and colour follow the tenant,
 * also on the next visit to /login; and keeps the favicon on the stored small-window logo.
 */
export function usePersonalisationSync(): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const { data } = usePersonaliseQuery();
  const favicon = useAppSelector((s) => s.ui.personalisation.smallWindowLogoUrl);

  // Only a new answer is stored (a save has stored its own already).
  useEffect(() => {
    if (data && !samePersonalisation(data, store.getState().ui.personalisation))
      dispatch(personalisationChanged(normalise(data)));
  }, [data, dispatch, store]);

  useEffect(() => applyFavicon(favicon), [favicon]);
}
