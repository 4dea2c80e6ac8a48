import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lang } from '../i18n';
import { removeKey, writeJson } from '../lib/storage';
import { isHex, loadUi, type Personalisation, type ThemeName } from './stored-state';

export { THEMES, DEFAULT_COLOR, loadUi } from './stored-state';
export type { ThemeName, Personalisation, UiState } from './stored-state';

export const uiSlice = createSlice({
  name: 'ui',
  initialState: loadUi,
  reducers: {
    langChanged(state, action: PayloadAction<Lang>) {
      state.lang = action.payload;
      writeJson('lang', action.payload);
    },
    themeChanged(state, action: PayloadAction<ThemeName>) {
      state.theme = action.payload;
      writeJson('theme', action.payload);
    },
    colorChanged(state, action: PayloadAction<string>) {
      if (!isHex(action.payload)) return;
      state.color = action.payload;
      writeJson('color', action.payload);
    },
    /** Drops the user's pick: the tenant's colour (or the platform default) applies again. */
    colorReset(state) {
      state.color = '';
      removeKey('color');
    },
    collapseToggled(state) {
      state.collapsed = !state.collapsed;
      writeJson('collapsed', state.collapsed);
    },
    personalisationChanged(state, action: PayloadAction<Personalisation>) {
      state.personalisation = action.payload;
      writeJson('personalisation', action.payload);
    },
  },
});

export const {
  langChanged,
  themeChanged,
  colorChanged,
  colorReset,
  collapseToggled,
  personalisationChanged,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
