import { useEffect, useRef } from 'react';
import type { MessageKey } from '../i18n';
import { useLang } from '../state/hooks';

/**
 * A validator's message keys (one per failing field) as the texts @mantine/form shows on the
 * fields: `validate: (values) => fieldErrors(validateX(values), t)`.
 */
export function fieldErrors(
  found: Readonly<Record<string, MessageKey | undefined>>,
  t: (key: MessageKey) => string,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(found).map(([field, key]) => [field, key ? t(key) : null]),
  );
}

/** The part of a @mantine/form form that `useErrorsFollowLanguage` uses. */
interface CheckedForm {
  errors: Record<string, unknown>;
  isValid(path: string): boolean;
  validateField(path: string): unknown;
}

/**
 * @mantine/form keeps an error as the text its rule gave, in the language of that moment. When
 * the language changes, each field showing a rule's message is checked again, so the message
 * follows the language; an error the rules do not give (the server's refusal set on a field)
 * is left as it is.
 */
export function useErrorsFollowLanguage(form: CheckedForm): void {
  const lang = useLang();
  const latest = useRef(form);
  const shownIn = useRef(lang);
  useEffect(() => {
    latest.current = form;
  });
  useEffect(() => {
    if (shownIn.current === lang) return;
    shownIn.current = lang;
    const current = latest.current;
    for (const path of Object.keys(current.errors))
      if (!current.isValid(path)) current.validateField(path);
  }, [lang]);
}
