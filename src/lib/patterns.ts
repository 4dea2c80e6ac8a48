import type { MessageKey } from '../i18n';
// The password rule has one home shared with the login, registration and profile forms.
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from './password-rules';

/**
 * The spec's shared pattern library (section 5) as validators: each returns the message key
 * to show, or undefined when the value passes.
 *
 * Every pattern passes the empty (or blank) value, so an optional field can carry a pattern;
 * a mandatory field adds `required(...)` in front: `[required('...'), patterns.text300]`.
 * This is also where text300's lower bound of 1 comes from. Values are trimmed before they
 * are checked, except passwords, where a space counts as a symbol (as on the server).
 */
export type Rule = (value: string) => MessageKey | undefined;

/** Spec section 5: an invalid form submit warns 'please complete the information'. */
export const COMPLETE_INFO_MESSAGE = 'messages.completeInfo' satisfies MessageKey;
/** Spec section 5: bulk actions with nothing selected warn 'please select at least one record'. */
export const SELECT_ONE_MESSAGE = 'messages.selectOne' satisfies MessageKey;

/** Mainland mobile numbers (spec section 9); the server's pattern (blade-user/input.ts). */
export const PHONE_PATTERN = /^1\d{10}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** No sign and no leading zeros: '007' is more likely a typo than a quantity. */
const INTEGER = /^(0|[1-9]\d*)$/;
const decimal = (places: number) => new RegExp(`^(0|[1-9]\\d*)(\\.\\d{1,${places}})?$`);
const DECIMAL_2 = decimal(2);
const DECIMAL_3 = decimal(3);
const TEXT_MAX = 300;

const optional =
  (check: (v: string) => boolean, key: MessageKey): Rule =>
  (value) => {
    const v = value.trim();
    return v === '' || check(v) ? undefined : key;
  };

/** A whole number from 0 to max. */
const intUpTo = (max: number, key: MessageKey): Rule =>
  optional((v) => INTEGER.test(v) && Number(v) <= max, key);

/** Spec section 5 "Phone check": a wrong length and a wrong form are told apart. */
const phone: Rule = (value) => {
  const v = value.trim();
  if (v === '') return undefined;
  if (v.length !== 11) return 'resource.pattern.phoneLength';
  return PHONE_PATTERN.test(v) ? undefined : 'resource.pattern.phoneFormat';
};

function isWebUrl(v: string): boolean {
  // The URL parser accepts spaces and 'http:x'; links a user types need neither.
  if (/\s/.test(v) || !/^https?:\/\/[^/?#]/i.test(v)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const patterns = {
  /** Letters and digits only (codes, keys). */
  code: optional((v) => CODE_PATTERN.test(v), 'resource.pattern.code'),
  int1000: intUpTo(1_000, 'resource.pattern.int1000'),
  int10000: intUpTo(10_000, 'resource.pattern.int10000'),
  int100000: intUpTo(100_000, 'resource.pattern.int100000'),
  int100000000: intUpTo(100_000_000, 'resource.pattern.int100000000'),
  /** A non-negative amount with at most 2 decimals. */
  decimal2: optional((v) => DECIMAL_2.test(v), 'resource.pattern.decimal2'),
  decimal3: optional((v) => DECIMAL_3.test(v), 'resource.pattern.decimal3'),
  /** 0 to 100 with at most 2 decimals ('100.00' passes, '100.01' does not). */
  percent: optional((v) => DECIMAL_2.test(v) && Number(v) <= 100, 'resource.pattern.percent'),
  phone,
  email: optional((v) => EMAIL_PATTERN.test(v), 'resource.pattern.email'),
  /** An http or https address. */
  url: optional(isWebUrl, 'resource.pattern.url'),
  /** At most 300 characters, counted as the user sees them (an emoji is one). */
  text300: optional((v) => [...v].length <= TEXT_MAX, 'resource.pattern.text300'),
  /** Spec sections 5 and 9: 6-10 characters, 3 of upper, lower, digit, symbol. */
  password: (value: string) =>
    value === '' || meetsPasswordRule(value) ? undefined : PASSWORD_RULE_MESSAGE,
} as const satisfies Record<string, Rule>;

export type PatternName = keyof typeof patterns;

/** Fails on an empty or blank value with the field's own prompt. */
export function required(messageKey: MessageKey = 'resource.pattern.required'): Rule {
  return (value) => (value.trim() === '' ? messageKey : undefined);
}

/** The first failing rule's message, or undefined. */
export function validate(value: string, rules: readonly Rule[]): MessageKey | undefined {
  for (const rule of rules) {
    const key = rule(value);
    if (key) return key;
  }
  return undefined;
}

/**
 * Checks a form: the error of every failing field, and `COMPLETE_INFO_MESSAGE` as the
 * form-level warning when any field failed (undefined when the form is valid).
 */
export function validateForm<K extends string>(
  values: Readonly<Record<K, string>>,
  rules: Readonly<Partial<Record<K, readonly Rule[]>>>,
): { errors: Partial<Record<K, MessageKey>>; warning: MessageKey | undefined } {
  const errors: Partial<Record<K, MessageKey>> = {};
  for (const field of Object.keys(rules) as K[]) {
    const key = validate(values[field] ?? '', rules[field] ?? []);
    if (key) errors[field] = key;
  }
  return {
    errors,
    warning: Object.keys(errors).length > 0 ? COMPLETE_INFO_MESSAGE : undefined,
  };
}

/** Bulk actions: the warning when nothing is selected. */
export function selectionError(selected: readonly unknown[]): MessageKey | undefined {
  return selected.length === 0 ? SELECT_ONE_MESSAGE : undefined;
}
