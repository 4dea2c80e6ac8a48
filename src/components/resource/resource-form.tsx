import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app/hooks';
import type { Lang } from '../../i18n';
import { COMPLETE_INFO_MESSAGE } from '../../lib/patterns';
import type { FormFieldDef, ResourceDef } from '../../resources/types';
import { useSelectOptions } from './select-options';

type Values = Record<string, string>;

/** Values of a record as form strings (every input is a controlled string). */
function toValues(fields: readonly FormFieldDef[], record: Record<string, unknown> | undefined) {
  const values: Values = {};
  for (const f of fields) {
    const v = record?.[f.name];
    values[f.name] = v === undefined || v === null ? '' : String(v);
  }
  return values;
}

/** The first problem of one field's value, as text in the current language. */
export function fieldError(
  field: FormFieldDef,
  value: string,
  lang: Lang,
  translate: (key: Parameters<ReturnType<typeof useT>>[0]) => string,
): string | undefined {
  if (value.trim() === '') return field.required ? field.required[lang] : undefined;
  for (const rule of field.rules ?? []) {
    const key = rule(value);
    if (key) return translate(key);
  }
  return undefined;
}

function DictSelect({
  field,
  value,
  error,
  onChange,
  lang,
}: {
  field: FormFieldDef;
  value: string;
  error: string | undefined;
  onChange(v: string): void;
  lang: Lang;
}) {
  const options = useSelectOptions(field, lang);
  return (
    <Select
      label={field.label[lang]}
      required={Boolean(field.required)}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      allowDeselect={!field.required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface Props {
  def: ResourceDef;
  /** The record being edited, or undefined to create one. */
  record: Record<string, unknown> | undefined;
  opened: boolean;
  onClose(): void;
  /** Resolves when saved; rejects with the text to show (the form keeps what was typed). */
  onSubmit(values: Values): Promise<void>;
}

/**
 * The create/edit form of a declared resource. Invalid input says 'please complete the
 * information' and focuses the first bad field; the submit button is disabled while the request
 * is in flight, so a double click or Enter sends one request; a failure keeps the input.
 */
export function ResourceForm({ def, record, opened, onClose, onSubmit }: Props) {
  const t = useT();
  const lang = useLang();
  const fields = (def.form ?? []).filter((f) => !(record && f.createOnly));
  const [values, setValues] = useState(() => toValues(fields, record));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const refs = useRef<Record<string, HTMLElement | null>>({});
  const name = def.title[lang];

  const change = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Record<string, string | undefined> = {};
    for (const f of fields) found[f.name] = fieldError(f, values[f.name] ?? '', lang, t);
    setErrors(found);
    const first = fields.find((f) => found[f.name]);
    if (first) {
      notifications.show({ color: 'orange', message: t(COMPLETE_INFO_MESSAGE) });
      refs.current[first.name]?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit(values);
    } catch (err) {
      setFailure(String((err as Error).message ?? err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={record ? t('table.editTitle', { name }) : t('table.createTitle', { name })}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        {failure && (
          <Alert color="red" variant="light" mb="md">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((f) => {
            const common = {
              label: f.label[lang],
              required: Boolean(f.required),
              error: errors[f.name],
              ref: (el: HTMLElement | null) => {
                refs.current[f.name] = el;
              },
            };
            const value = values[f.name] ?? '';
            const span = f.wide ? { style: { gridColumn: '1 / -1' } } : {};
            // What the text-like inputs (text, textarea, password) share.
            const text = {
              ...common,
              ...span,
              maxLength: f.maxLength,
              value,
              onChange: (e: { currentTarget: { value: string } }) =>
                change(f.name, e.currentTarget.value),
            };
            switch (f.kind) {
              case 'textarea':
                return <Textarea key={f.name} {...text} autosize minRows={2} />;
              case 'integer':
                return (
                  <NumberInput
                    key={f.name}
                    {...common}
                    {...span}
                    allowDecimal={false}
                    value={value}
                    onChange={(v) => change(f.name, String(v))}
                  />
                );
              case 'select':
                return (
                  <div key={f.name} {...span}>
                    <DictSelect
                      field={f}
                      value={value}
                      error={errors[f.name]}
                      onChange={(v) => change(f.name, v)}
                      lang={lang}
                    />
                  </div>
                );
              case 'password':
                return <PasswordInput key={f.name} {...text} />;
              default:
                return <TextInput key={f.name} {...text} />;
            }
          })}
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
