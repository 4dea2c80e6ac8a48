import { TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import { FormDialog } from '../parts/form-dialog';
import {
  digitsTyped,
  moneyTyped,
  problemsOf,
  useLedgerSave,
  type FieldProblems,
} from './ledger-form';

/** One number of a ledger's settings (a warning amount, an overdraft limit, a threshold). */
export interface SettingField {
  /** The field's name in the request and in the server's refusals. */
  name: string;
  label: string;
  hint?: string;
  /** 'money': yuan; 'whole': a count. */
  kind: 'money' | 'whole';
  /** What the field starts with ('' for none). */
  initial: string;
  /** The problem of what was typed; an empty field has none (it clears or keeps the setting). */
  problem(value: string): MessageKey | undefined;
}

/**
 * A ledger's settings (the quota's and prepay's warning amount and overdraft, a stock's warning
 * quantity): numbers that may be left empty, checked here, sent once with an Idempotency-Key; a
 * refusal shows each refused field at its field, anything else as a toast.
 */
export function LedgerSettingDialog({
  title,
  submitLabel,
  cancelLabel,
  fields,
  services,
  request,
  onClose,
}: {
  title: string;
  submitLabel: string;
  cancelLabel: string;
  fields: readonly SettingField[];
  /** The lists the change reloads. */
  services: readonly string[];
  /** The call and its body for the values as typed ('' for an empty field). */
  request(values: Record<string, string>): { path: string; body: Record<string, unknown> };
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.initial])),
  );
  const [errors, setErrors] = useState<FieldProblems>({});
  const refusal = useRefusal(fields.map((f) => f.name));
  const { save, busy } = useLedgerSave(services, refusal, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(
      Object.fromEntries(
        fields.map((f) => [f.name, values[f.name] === '' ? undefined : f.problem(values[f.name]!)]),
      ),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    await save(request(values));
  };

  return (
    <FormDialog
      title={title}
      busy={busy}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {fields.map((f, i) => (
        <TextInput
          key={f.name}
          label={f.label}
          description={f.hint}
          inputMode={f.kind === 'money' ? 'decimal' : 'numeric'}
          data-autofocus={i === 0 || undefined}
          value={values[f.name]}
          onChange={(e) => {
            const typed = (f.kind === 'money' ? moneyTyped : digitsTyped)(e.currentTarget.value);
            setValues((v) => ({ ...v, [f.name]: typed }));
          }}
          error={errors[f.name] ? t(errors[f.name]!) : refusal.error(f.name)}
        />
      ))}
    </FormDialog>
  );
}
