import { useState, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { ServerMessage } from '../../components/server-message';
import { toast } from '../../components/toast';
import { messageIn } from '../../contracts/server-messages';
import type { Lang } from '../../i18n';
import { useLang } from '../../state/hooks';

/**
 * How a dialog that posts a form shows a refusal (issue 25 item 2): each field the server
 * refused goes to that field of the form (every one the answer names, `ApiError.fields`, in the
 * console's language), and a toast says only what belongs to no field of the form.
 */
export interface PlacedRefusal {
  /** The form's field -> the server's zh message. */
  atFields: Record<string, string>;
  /** What the form has no field for, in `lang`; undefined when everything found its field. */
  elsewhere: string | undefined;
}

/**
 * Splits a failed call's refusal by the form's fields. `fieldOf` names the form's field for a
 * field of the server (the same name by default; undefined: the form has none); `fallback` is the
 * text of a failure without a message.
 */
export function placeRefusal(
  error: unknown,
  lang: Lang,
  fieldOf: (serverField: string) => string | undefined,
  fallback: string,
): PlacedRefusal {
  const refusal = error as Partial<ApiError> | null | undefined;
  const fields = refusal?.fields;
  const atFields: Record<string, string> = {};
  if (!fields) {
    const message = refusal?.message;
    return { atFields, elsewhere: typeof message === 'string' && message ? message : fallback };
  }
  const rest: string[] = [];
  for (const [name, zh] of Object.entries(fields)) {
    const field = fieldOf(name);
    if (field === undefined) rest.push(messageIn(lang, zh));
    else atFields[field] ??= zh;
  }
  return { atFields, elsewhere: rest.length > 0 ? [...new Set(rest)].join('；') : undefined };
}

/** A field's error from the server, following the console's language. */
export const serverError = (zh: string): ReactNode => <ServerMessage zh={zh} />;

/** What `showRefusal` needs of a @mantine/form form. */
interface RefusableForm {
  setFieldError(path: string, error: ReactNode): void;
}

/**
 * Shows a refusal on a @mantine/form form: each refused field's error at the field (`fields`
 * lists the form's fields: a server field of another name maps through `rename`), the first of
 * them focused, the rest as an error toast. Returns whether any field took one.
 */
export function showRefusal(
  error: unknown,
  {
    form,
    fields,
    lang,
    fallback,
    rename = {},
    focus,
  }: {
    form: RefusableForm;
    fields: readonly string[];
    lang: Lang;
    fallback: string;
    rename?: Readonly<Record<string, string>>;
    focus?(field: string): void;
  },
): boolean {
  const known = new Set(fields);
  const { atFields, elsewhere } = placeRefusal(
    error,
    lang,
    (name) => {
      const field = rename[name] ?? name;
      return known.has(field) ? field : undefined;
    },
    fallback,
  );
  for (const [field, zh] of Object.entries(atFields)) form.setFieldError(field, serverError(zh));
  const first = fields.find((f) => f in atFields);
  if (first !== undefined) focus?.(first);
  if (elsewhere) toast('error', elsewhere);
  return first !== undefined;
}

/**
 * The refusals of a dialog whose inputs keep their own state: `show(error, fallback)` places a
 * refusal (each refused field of `fields` at its field, the rest as an error toast), `error(field)`
 * is what the field shows (following the console's language), `clear(field)` drops it (on input).
 */
export function useRefusal(
  fields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
) {
  const lang = useLang();
  const [atFields, setAtFields] = useState<Record<string, string>>({});
  const show = (error: unknown, fallback: string) => {
    const placed = placeRefusal(
      error,
      lang,
      (name) => {
        const field = rename[name] ?? name;
        return fields.includes(field) ? field : undefined;
      },
      fallback,
    );
    setAtFields(placed.atFields);
    if (placed.elsewhere) toast('error', placed.elsewhere);
  };
  const error = (field: string): ReactNode => {
    const zh = atFields[field];
    return zh === undefined ? undefined : serverError(zh);
  };
  const clear = (field?: string) =>
    setAtFields((current) => {
      if (field === undefined) return Object.keys(current).length ? {} : current;
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  return { show, error, clear };
}
