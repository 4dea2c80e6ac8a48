import { isWebAddress, URL_MAX, type FieldError, type Text } from './platform-settings';

/**
 * blade-system/personalise: a tenant's personalisation (spec sections 3 and 9: systemColor,
 * sideName, smallWindowLogoUrl, navigationBarLogoUrl). The project's own shapes (contract.md
 * Part 1 decision 9), shared by the server and the console:
 *
 * - `GET  /api/blade-system/personalise/detail` (any signed-in user: every console of the
 *   tenant applies it) -> `SavedPersonalise` ('' everywhere and `version` 0 while nothing is
 *   stored);
 * - `POST /api/blade-system/personalise/submit` (`personalise_edit`) with `PersonaliseSettings`
 *   and the `version` the editor loaded -> the saved settings ('修改成功'). A stale `version`
 *   answers 409 (another save came first); without one the save replaces whatever is current.
 *
 * The tenant always comes from the token. Logos are '' or an image address: an avatar-style
 * upload of the caller's tenant (`put-file-avatar`'s public link) or an http(s) URL; never
 * javascript:, data: or anything else an <img> or a favicon could be tricked with.
 */
export interface PersonaliseSettings {
  /** #rrggbb, '' = not personalised (each user's own colour). */
  systemColor: string;
  /** The site name ('' = the product's name). */
  sideName: string;
  /** The favicon / small-window logo. */
  smallWindowLogoUrl: string;
  /** The logo in front of the header's title. */
  navigationBarLogoUrl: string;
}

/** What detail and submit answer: the settings and their optimistic lock (0: nothing stored). */
export interface SavedPersonalise extends PersonaliseSettings {
  version: number;
}

/** Spec section 9: the default theme colour. */
export const DEFAULT_SYSTEM_COLOR = '#12a182';
export const SIDE_NAME_MAX = 32;
export const LOGO_URL_MAX = URL_MAX;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** `put-file-avatar`'s public image address: `/api/blade-resource/oss/endpoint/avatar/<tenant>/<hex32>.<ext>`. */
export const AVATAR_LINK =
  /^\/api\/blade-resource\/oss\/endpoint\/avatar\/([A-Za-z0-9]{1,12})\/[0-9a-f]{32}\.(?:jpg|jpeg|png)$/;

export const EMPTY_PERSONALISE: PersonaliseSettings = {
  systemColor: '',
  sideName: '',
  smallWindowLogoUrl: '',
  navigationBarLogoUrl: '',
};

export const PERSONALISE_LABELS: Readonly<Record<keyof PersonaliseSettings, Text>> = {
  systemColor: { zh: '主题色', en: 'Theme colour' },
  sideName: { zh: '系统名称', en: 'Site name' },
  smallWindowLogoUrl: { zh: '小窗口图标', en: 'Small window logo' },
  navigationBarLogoUrl: { zh: '导航栏图标', en: 'Navigation bar logo' },
};

export const PERSONALISE_TEXT = {
  color: {
    zh: '主题色格式不正确，例如 #12a182',
    en: 'The theme colour must look like #12a182',
  },
  nameTooLong: {
    zh: `系统名称长度不能超过${SIDE_NAME_MAX}个字符`,
    en: `The site name cannot exceed ${SIDE_NAME_MAX} characters`,
  },
  logo: (l: Text): Text => ({
    zh: `${l.zh}必须是上传的图片或 http(s) 地址`,
    en: `The ${l.en.toLowerCase()} must be an uploaded image or an http(s) address`,
  }),
  text: (l: Text): Text => ({ zh: `${l.zh}必须是文本`, en: `${l.en} must be text` }),
} as const;

/** Whether a logo address may be stored (and shown): '' or one of the two kinds above. */
export function isLogoAddress(value: string, tenantId?: string): boolean {
  if (value === '') return true;
  if (value.length > LOGO_URL_MAX) return false;
  const avatar = AVATAR_LINK.exec(value);
  if (avatar) return tenantId === undefined || avatar[1] === tenantId;
  return isWebAddress(value, false);
}

/**
 * Checks and normalises a submitted personalisation (text trimmed; unknown fields ignored, as
 * BladeX ignores them). `tenantId`: uploaded logos must be the caller's tenant's.
 */
export function checkPersonalise(
  input: unknown,
  tenantId?: string,
): { value: PersonaliseSettings } | { error: FieldError } {
  const raw =
    input && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const value = { ...EMPTY_PERSONALISE };
  for (const key of Object.keys(EMPTY_PERSONALISE) as (keyof PersonaliseSettings)[]) {
    const v = raw[key];
    if (v !== undefined && v !== null && typeof v !== 'string')
      return { error: { field: key, message: PERSONALISE_TEXT.text(PERSONALISE_LABELS[key]) } };
    value[key] = (v ?? '').trim();
  }
  if (!HEX_COLOR.test(value.systemColor))
    return { error: { field: 'systemColor', message: PERSONALISE_TEXT.color } };
  value.systemColor = value.systemColor.toLowerCase();
  if ([...value.sideName].length > SIDE_NAME_MAX)
    return { error: { field: 'sideName', message: PERSONALISE_TEXT.nameTooLong } };
  for (const key of ['smallWindowLogoUrl', 'navigationBarLogoUrl'] as const)
    if (!isLogoAddress(value[key], tenantId))
      return { error: { field: key, message: PERSONALISE_TEXT.logo(PERSONALISE_LABELS[key]) } };
  return { value };
}
