import { en, zh, type MessageKey } from './messages';

export type Lang = 'zh' | 'en';
export type { MessageKey };

const dictionaries: Record<Lang, Record<MessageKey, string>> = { zh, en };

/** `{name}` placeholders are replaced by params; text is never parsed as HTML. */
export function translate(
  lang: Lang,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  let text = dictionaries[lang][key] ?? dictionaries.zh[key] ?? key;
  if (params)
    for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

/** Whether a string is a message key (server texts and keys share the error field). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(zh, value);
}

/** A bilingual label sent by the server (menus): `{zh, en}`. */
export function pickLang(lang: Lang, text: { zh: string; en?: string | undefined }): string {
  return lang === 'en' && text.en ? text.en : text.zh;
}
