import type { ChangeEvent } from 'react';
import { useT } from '../../state/hooks';
import { TextField } from './plain-fields';

interface Props {
  inputRef: (el: HTMLInputElement | null) => void;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The tenant number of the login forms (password and phone), shown when the domain names none. */
export function TenantIdField({ inputRef, value, error, onChange }: Props) {
  const t = useT();
  return (
    <TextField
      inputRef={inputRef}
      label={t('auth.tenantId')}
      name="tenantId"
      autoComplete="organization"
      required
      maxLength={32}
      value={value}
      error={error}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.currentTarget.value)}
    />
  );
}
