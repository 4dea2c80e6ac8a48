import { auth } from './messages/auth';
import { common } from './messages/common';
import { errors } from './messages/errors';
import type { MessageKey, MessageModule } from './messages';

export type Lang = 'zh' | 'en';
export type { MessageKey };

/*
 * Messages are registered by the code that shows them, so /login carries only its own texts
 * (and every screen added later does not grow the entry): common, auth and errors here, the
 * console's with the first screen after login (console-messages.ts).
 */
const dictionaries: Record<Lang, Record<string, string>> = { zh: {}, en: {} };
const registered = new Set<MessageModule>();

export function registerMessages(...modules: MessageModule[]): void {
  for (const m of modules) {
    if (registered.has(m)) continue;
    registered.add(m);
    Object.assign(dictionaries.zh, m.zh);
    Object.assign(dictionaries.en, m.en);
  }
}

/** Every module registered so far (i18n.test.ts checks them). */
export function registeredModules(): readonly MessageModule[] {
  return [...registered];
}

registerMessages(common, auth, errors);

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

/** Whether a string is a registered message key (server texts and keys share the error field). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(dictionaries.zh, value);
}

/**
 * A message's texts in both languages, read from its module (so usable before it is registered,
 * e.g. at a lazy screen's module level): for declarative data typed `{zh, en}` that a screen
 * builds from its messages (a layout's resource title). UI code shows text with useT/translate.
 */
export function messageTexts<M extends MessageModule>(
  module: M,
  key: keyof M['zh'] & MessageKey,
): { zh: string; en: string } {
  const zh = module.zh[key] ?? key;
  return { zh, en: module.en[key] ?? zh };
}

/** A bilingual label sent by the server (menus): `{zh, en}`. */
export function pickLang(lang: Lang, text: { zh: string; en?: string | undefined }): string {
  return lang === 'en' && text.en ? text.en : text.zh;
}
