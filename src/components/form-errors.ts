import type { MessageKey } from '../i18n';

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
