import { isStoredSession, type StoredSession } from '../contracts/auth';
import type { Lang } from '../i18n';
import { isRecord, isString, oneOf, readJson } from '../lib/storage';

/*
 * What the console reads from browser storage before anything renders: the preferences the
 * ui slice starts from and the stored session. Free of store code, so the login snapshot's
 * guard (a small script in the head of login.html) makes exactly the same reads.
 */

export const SESSION_KEY = 'session';

export function loadStoredSession(): StoredSession | undefined {
  return readJson(SESSION_KEY, isStoredSession);
}

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
export const isHex = (v: unknown): v is string => isString(v) && HEX.test(v);
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
