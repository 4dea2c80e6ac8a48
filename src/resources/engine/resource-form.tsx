import '@mantine/dates/styles.css';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useRef, useState, type ReactNode } from 'react';
import { useLang, useT } from '../../state/hooks';
import type { Lang } from '../../i18n';
import { COMPLETE_INFO_MESSAGE } from '../../lib/patterns';
import type { FormFieldDef, ResourceDef } from '../types';
import { useSelectOptions } from './select-options';
import { CheckTreeField } from './check-tree-field';
import { useErrorsFollowLanguage } from '../../components/form-errors';
import { SEARCHABLE_FROM, SearchMultiSelect, SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import { showRefusal } from './form-refusal';

type Values = Record<string, string>;

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Values of a record as form strings (every value travels as a string). A field reads the first
 * non-empty of its `valueFrom` fields; a switch with no value starts at its `initial`, else off.
 */
function toValues(fields: readonly FormFieldDef[], record: Record<string, unknown> | undefined) {
  const values: Values = {};
  for (const f of fields) {
    const from = f.valueFrom ?? [f.name];
    let v = record ? from.map((name) => record[name]).find((x) => !isBlank(x)) : f.initial;
    if (f.kind === 'switch' && isBlank(v)) v = f.initial ?? '0';
    values[f.name] = isBlank(v) ? '' : String(v);
  }
  return values;
}

/** Server fields refused under another name -> the form's field that shows them. */
const refusalNames = (fields: readonly FormFieldDef[]) =>
  Object.fromEntries(fields.flatMap((f) => (f.refusalsFrom ?? []).map((from) => [from, f.name])));

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

/** Multi-value fields travel as one comma-joined string (BladeX's roleId, deptId, menuId ...). */
const splitValues = (value: string) => (value ? value.split(',').filter(Boolean) : []);

/** What `getInputProps` gives an uncontrolled field of the form (its value as a string). */
interface FieldProps {
  defaultValue?: string;
  onChange(value: unknown): void;
  error?: ReactNode;
  onFocus?(): void;
  onBlur?(): void;
  'data-path'?: string;
}

/** The field props with the value and onChange in another shape (select, date, number). */
function converted<V>(
  { defaultValue, onChange, ...rest }: FieldProps,
  toInput: (value: string) => V,
  fromInput: (value: V) => string,
) {
  return {
    ...rest,
    defaultValue: toInput(defaultValue ?? ''),
    onChange: (value: V) => onChange(fromInput(value)),
  };
}

/**
 * A select over declared, dictionary or endpoint options; tree options come indented. Options
 * from an endpoint (suppliers, goods, ...) and more than a handful of others are searchable:
 * typing filters, Enter picks only a highlighted match (components/search-select.tsx).
 */
function OptionSelect({
  field,
  input,
  lang,
  inputRef,
  autoFocus,
}: {
  field: FormFieldDef;
  input: FieldProps;
  lang: Lang;
  inputRef(el: HTMLElement | null): void;
  autoFocus: boolean;
}) {
  const options = useSelectOptions(field, lang);
  const searchable = Boolean(field.source) || options.length >= SEARCHABLE_FROM;
  const common = {
    label: field.label[lang],
    required: Boolean(field.required),
    data: options,
    ref: inputRef,
    nothingFoundMessage: '—',
    comboboxProps: { withinPortal: true },
    ...(autoFocus ? { 'data-autofocus': true } : {}),
  };
  if (field.kind === 'multiSelect' || field.kind === 'treeMultiSelect') {
    const multi = {
      ...common,
      ...converted(input, splitValues, (v: string[]) => v.join(',')),
      clearable: true,
      hidePickedOptions: false,
    };
    return searchable ? <SearchMultiSelect {...multi} /> : <MultiSelect {...multi} />;
  }
  const single = {
    ...common,
    ...converted(
      input,
      (v) => v || null,
      (v: string | null) => v ?? '',
    ),
    clearable: !field.required,
  };
  return searchable ? (
    <SearchSelect {...single} />
  ) : (
    <Select {...single} allowDeselect={!field.required} />
  );
}

/** Dates travel as BladeX's 'yyyy-MM-dd HH:mm:ss'; the form shows the day. */
const DATE_WIRE = /^(\d{4})-(\d{2})-(\d{2})/;

function toDate(value: string): Date | null {
  const m = DATE_WIRE.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

function fromDate(date: Date | null): string {
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 00:00:00`;
}

/** What the form reads of a declaration: its fields, title and width. */
export type FormDef = Pick<ResourceDef, 'form' | 'title' | 'formWidth'>;

interface Props {
  def: FormDef;
  /** The record being edited, or undefined to create one. */
  record: Record<string, unknown> | undefined;
  opened: boolean;
  onClose(): void;
  /**
   * Resolves when saved; rejects with the failure (the form keeps what was typed): an ApiError's
   * refused fields go to those fields, anything else is an error toast (`showRefusal`).
   */
  onSubmit(values: Values): Promise<void>;
}

/**
 * The create/edit form of a declared resource (@mantine/form, uncontrolled: typing renders
 * nothing). Each field is checked by its declaration: the required message, then the pattern
 * rules. Invalid input says 'please complete the information' and focuses the first bad field;
 * the submit button is disabled while the request is in flight, so a double click or Enter sends
 * one request; a failure keeps the input, shows each field the server refused at that field (all
 * of them, in the console's language) and only a refusal of no field as a toast. The dialog opens
 * with the focus on its first field.
 */
export function ResourceForm({ def, record, opened, onClose, onSubmit }: Props) {
  const t = useT();
  const lang = useLang();
  const fields = (def.form ?? []).filter((f) => !(record && f.createOnly));
  const [initialValues] = useState(() => toValues(fields, record));
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues,
    validate: Object.fromEntries(
      fields.map((f) => [f.name, (value: string) => fieldError(f, value ?? '', lang, t) ?? null]),
    ),
  });
  useErrorsFollowLanguage(form);
  const busy = form.submitting;
  const refs = useRef<Record<string, HTMLElement | null>>({});
  const name = def.title[lang];

  const save = async (values: Values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      showRefusal(err, {
        form,
        fields: fields.map((f) => f.name),
        lang,
        fallback: t('errors.submitFailed'),
        rename: refusalNames(fields),
        focus: (field) => refs.current[field]?.focus(),
      });
    }
  };

  const refuse = (errors: Record<string, unknown>) => {
    toast('warning', t(COMPLETE_INFO_MESSAGE));
    const first = fields.find((f) => errors[f.name]);
    if (first) refs.current[first.name]?.focus();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={record ? t('table.editTitle', { name }) : t('table.createTitle', { name })}
      size={def.formWidth ?? 'lg'}
      closeOnClickOutside={!busy}
    >
      <form
        onSubmit={(e) => {
          if (busy) e.preventDefault();
          else form.onSubmit(save, refuse)(e);
        }}
        noValidate
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((f, index) => {
            const input = form.getInputProps(f.name) as FieldProps;
            // The dialog's focus trap takes the first field, not the header's close button.
            const first = index === 0;
            const common = {
              label: f.label[lang],
              required: Boolean(f.required),
              ref: (el: HTMLElement | null) => {
                refs.current[f.name] = el;
              },
              ...(first ? { 'data-autofocus': true } : {}),
              ...(record && f.editHint ? { description: f.editHint[lang] } : {}),
            };
            const key = form.key(f.name);
            const span = f.wide ? { style: { gridColumn: '1 / -1' } } : {};
            // What the text-like inputs (text, textarea, password) share.
            const text = { ...common, ...span, ...input, maxLength: f.maxLength };
            switch (f.kind) {
              case 'textarea':
                return <Textarea key={key} {...text} autosize minRows={2} />;
              case 'integer':
              case 'decimal':
              case 'money':
                return (
                  <NumberInput
                    key={key}
                    {...common}
                    {...span}
                    {...converted<string | number>(input, (v) => v, String)}
                    allowDecimal={f.kind !== 'integer'}
                    {...(f.kind === 'money' ? { decimalScale: 2, allowNegative: false } : {})}
                  />
                );
              case 'select':
              case 'multiSelect':
              case 'treeSelect':
              case 'treeMultiSelect':
                return (
                  <div key={key} {...span}>
                    <OptionSelect
                      field={f}
                      input={input}
                      lang={lang}
                      inputRef={common.ref}
                      autoFocus={first}
                    />
                  </div>
                );
              case 'checkTree':
                return (
                  <div key={key} {...span}>
                    <CheckTreeField
                      field={f}
                      input={input}
                      lang={lang}
                      inputRef={common.ref}
                      autoFocus={first}
                    />
                  </div>
                );
              case 'date':
                return (
                  <DateInput
                    key={key}
                    {...common}
                    {...span}
                    {...converted(input, toDate, fromDate)}
                    valueFormat="YYYY-MM-DD"
                    maxDate={f.past ? new Date() : undefined}
                    clearable={!f.required}
                    popoverProps={{ withinPortal: true }}
                  />
                );
              case 'password':
                return <PasswordInput key={key} {...text} />;
              case 'switch': {
                // A checkbox input: Space toggles it and its label names it. Never required: off
                // is a value.
                const { required: _required, ...named } = common;
                return (
                  <Switch
                    key={key}
                    {...named}
                    {...span}
                    error={input.error}
                    onFocus={input.onFocus}
                    onBlur={input.onBlur}
                    defaultChecked={input.defaultValue === '1'}
                    onChange={(e) => input.onChange(e.currentTarget.checked ? '1' : '0')}
                    mt="md"
                  />
                );
              }
              default:
                return <TextInput key={key} {...text} />;
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
