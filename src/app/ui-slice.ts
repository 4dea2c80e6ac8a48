import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lang } from '../i18n';
import { isRecord, isString, oneOf, readJson, writeJson } from '../lib/storage';

/** The 10 themes of spec screen 1. */
export const THEMES = [
  'default',
  'white',
  'dark',
  'star',
  'smart',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_COLOR = '#12a182';

/** Personalisation (spec section 3): site name, logos, colour. */
export interface Personalisation {
  systemColor: string;
  sideName: string;
  smallWindowLogoUrl: string;
  navigationBarLogoUrl: string;
}

export interface UiState {
  lang: Lang;
  theme: ThemeName;
  color: string;
  collapsed: boolean;
  personalisation: Personalisation;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const isHex = (v: unknown): v is string => isString(v) && HEX.test(v);
const isPersonalisation = (v: unknown): v is Personalisation =>
  isRecord(v) &&
  isString(v.sideName) &&
  isString(v.smallWindowLogoUrl) &&
  isString(v.navigationBarLogoUrl) &&
  isString(v.systemColor);

const EMPTY_PERSONALISATION: Personalisation = {
  systemColor: '',
  sideName: '',
  smallWindowLogoUrl: '',
  navigationBarLogoUrl: '',
};

export function loadUi(): UiState {
  return {
    lang: readJson('lang', oneOf('zh', 'en')) ?? 'zh',
    theme: readJson('theme', oneOf(...THEMES)) ?? 'default',
    color: readJson('color', isHex) ?? DEFAULT_COLOR,
    collapsed: readJson('collapsed', (v): v is boolean => typeof v === 'boolean') ?? false,
    personalisation: readJson('personalisation', isPersonalisation) ?? EMPTY_PERSONALISATION,
  };
}

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
      if (!HEX.test(action.payload)) return;
      state.color = action.payload;
      writeJson('color', action.payload);
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

export const { langChanged, themeChanged, colorChanged, collapseToggled, personalisationChanged } =
  uiSlice.actions;
export const uiReducer = uiSlice.reducer;
