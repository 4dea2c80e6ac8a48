import type { MessageKey } from '../../i18n';
import { PHONE_PATTERN } from '../../lib/patterns';

/** The server's limit of one send-message call. */
export const MAX_PHONES = 100;

/** A problem with the typed input, as a message key and its placeholders. */
export interface InputProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** The numbers typed, split on commas (ASCII or full-width), semicolons and white space, without repeats. */
export function splitPhones(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
}

/** What is wrong with the phone list (spec section 9: 11 digits starting with 1), if anything. */
export function phonesProblem(phones: readonly string[]): InputProblem | undefined {
  if (phones.length === 0) return { key: 'systemSettings.sms.phonesRequired' };
  if (phones.length > MAX_PHONES)
    return { key: 'systemSettings.sms.phonesTooMany', params: { max: MAX_PHONES } };
  const bad = phones.find((p) => !PHONE_PATTERN.test(p));
  return bad === undefined
    ? undefined
    : { key: 'systemSettings.sms.phoneInvalid', params: { phone: bad } };
}

/** The template parameters must be empty or a JSON object of plain values. */
export function paramsProblem(text: string): InputProblem | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { key: 'systemSettings.sms.paramsInvalid' };
  }
  const plain =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => ['string', 'number', 'boolean'].includes(typeof v));
  return plain ? undefined : { key: 'systemSettings.sms.paramsInvalid' };
}
