import { knownMessages, type MessagePair } from './server-messages';

/**
 * The forms a date the server reads may take (server lib/time.ts `parseDateTime`: a calendar
 * day, or a day and a time). A refusal names both, so a value with a time is not told it must be
 * a day (issue 25 item 18).
 */
export const DATE_FORMATS: MessagePair = {
  zh: 'yyyy-MM-dd或yyyy-MM-dd HH:mm:ss',
  en: 'yyyy-MM-dd or yyyy-MM-dd HH:mm:ss',
};

/** The refusal of a date field that is not in either form ('有效期至格式应为…'). */
export function dateFormatMessage(label: MessagePair): MessagePair {
  const message = {
    zh: `${label.zh}格式应为${DATE_FORMATS.zh}`,
    en: `${label.en}: use ${DATE_FORMATS.en}`,
  };
  knownMessages(message);
  return message;
}
