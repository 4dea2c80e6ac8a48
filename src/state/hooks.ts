import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { translate, type MessageKey } from '../i18n';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** `t(key, params)` in the current language; re-renders on language change. */
export function useT(): (key: MessageKey, params?: Record<string, string | number>) => string {
  const lang = useAppSelector((s) => s.ui.lang);
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}

export function useLang() {
  return useAppSelector((s) => s.ui.lang);
}
