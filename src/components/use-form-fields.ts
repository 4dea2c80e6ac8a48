import { useState } from 'react';
import { useT } from '../state/hooks';
import type { MessageKey } from '../i18n';

/**
 * Text-field form state: values, per-field error keys, and `field(key)` props for a Mantine
 * input (value, onChange that clears that field's error, translated error).
 */
export function useFormFields<V extends { [K in keyof V]: string }>(initial: V | (() => V)) {
  const t = useT();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, MessageKey>>>({});

  const field = (key: keyof V) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      if (errors[key]) setErrors((er) => ({ ...er, [key]: undefined }));
    },
    error: errors[key] ? t(errors[key]) : undefined,
  });

  return { values, setValues, errors, setErrors, field };
}
