import { isStoredSession, type StoredSession } from '../contracts/auth';
import type { Lang } from '../i18n';
import { isRecord, isString, oneOf, readJson, removeKey, writeJson } from '../lib/storage';

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
  /** The user's own pick from the colour picker, '' when none (the tenant's colour applies). */
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
    color: readJson('color', isHex) ?? '',
    collapsed: readJson('collapsed', (v): v is boolean => typeof v === 'boolean') ?? false,
    personalisation: readJson('personalisation', isPersonalisation) ?? EMPTY_PERSONALISATION,
  };
}

/**
 * The open tabs, kept over a reload (spec section 2; not the pages' state). In sessionStorage:
 * per browser tab, gone with it, and owned by one user of one tenant (another user's list is
 * never restored). Cleared at logout; login starts with home only (spec section 4).
 */
export const TABS_KEY = 'tabs';

export interface StoredTab {
  key: string;
  label: string;
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  meta?: { i18n?: string; title?: { zh: string; en: string } };
}

export interface StoredTabs {
  tenantId: string;
  userId: string;
  tabs: StoredTab[];
}

const isStringRecord = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every(isString);
const isTitle = (v: unknown): v is { zh: string; en: string } =>
  isRecord(v) && isString(v.zh) && isString(v.en);
const isStoredTab = (v: unknown): v is StoredTab =>
  isRecord(v) &&
  isString(v.key) &&
  isString(v.label) &&
  isString(v.path) &&
  v.path.startsWith('/') &&
  (v.params === undefined || isStringRecord(v.params)) &&
  (v.query === undefined || isStringRecord(v.query)) &&
  (v.meta === undefined ||
    (isRecord(v.meta) &&
      (v.meta.i18n === undefined || isString(v.meta.i18n)) &&
      (v.meta.title === undefined || isTitle(v.meta.title))));
const isStoredTabs = (v: unknown): v is StoredTabs =>
  isRecord(v) &&
  isString(v.tenantId) &&
  isString(v.userId) &&
  Array.isArray(v.tabs) &&
  v.tabs.every(isStoredTab);

/** The stored tabs of this user, or none (nothing stored, unreadable, or someone else's). */
export function loadStoredTabs(tenantId: string, userId: string): StoredTab[] {
  const stored = readJson(TABS_KEY, isStoredTabs, 'session');
  return stored && stored.tenantId === tenantId && stored.userId === userId ? stored.tabs : [];
}

export function saveStoredTabs(value: StoredTabs): void {
  writeJson(TABS_KEY, value, 'session');
}

export function clearStoredTabs(): void {
  removeKey(TABS_KEY, 'session');
}
