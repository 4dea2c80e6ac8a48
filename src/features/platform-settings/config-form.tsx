import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ApiError } from '../../api/client';
import { useLang, useT } from '../../state/hooks';
import {
  checkPlatformConfig,
  SECRET_MASK,
  type PlatformConfig,
  type PlatformDeclaration,
  type PlatformField,
  type PlatformSettingDetail,
} from '../../contracts/platform-settings';
import { useSavePlatformSettingMutation } from './platform-api';

type Errors = Record<string, string>;

/** The form's starting values: the detail's, with secrets blank (the placeholder says 'unchanged'). */
function startValues(decl: PlatformDeclaration, detail: PlatformSettingDetail): PlatformConfig {
  const values: PlatformConfig = {};
  for (const f of decl.fields) {
    const v = detail.config[f.key];
    values[f.key] =
      f.kind === 'boolean' ? v === true : f.kind === 'secret' ? '' : typeof v === 'string' ? v : '';
  }
  return values;
}

/** The secrets the server holds (answered masked): blank keeps them. */
const storedSecrets = (decl: PlatformDeclaration, detail: PlatformSettingDetail) =>
  new Set(
    decl.fields
      .filter((f) => f.kind === 'secret' && detail.config[f.key] === SECRET_MASK)
      .map((f) => f.key),
  );

interface Props {
  decl: PlatformDeclaration;
  detail: PlatformSettingDetail;
  /** Leaves the form (after a save, or cancelled). */
  onClose(): void;
  /** Another user saved first (409): reload the configuration. */
  onReload(): void;
}

/**
 * The edit form of one platform, built from its declaration: text, https address, decimal,
 * select and switch fields; secrets as password inputs left blank ('unchanged'). Checked with
 * the same rules the server applies before sending; a refusal is shown beside its field; a 409
 * says another user changed it, with Reload. Ctrl/Cmd+S saves, Esc cancels.
 */
export function ConfigForm({ decl, detail, onClose, onReload }: Props) {
  const t = useT();
  const lang = useLang();
  const [values, setValues] = useState(() => startValues(decl, detail));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [stale, setStale] = useState(false);
  const [save, saving] = useSavePlatformSettingMutation();
  const form = useRef<HTMLFormElement>(null);
  const held = storedSecrets(decl, detail);
  const enabled = values.enabled === true;

  // The first field takes the focus when the form opens (it replaced the Edit button).
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus();
  }, []);

  const change = (key: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
    setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving.isLoading) return;
    const checked = checkPlatformConfig(decl, values, held);
    if ('error' in checked) {
      setErrors({ [checked.error.field]: checked.error.message[lang] });
      form.current?.querySelector<HTMLElement>(`[data-field="${checked.error.field}"]`)?.focus();
      return;
    }
    try {
      await save({ platform: decl.key, config: values, version: detail.version }).unwrap();
      notifications.show({ color: 'green', message: t('platformSettings.saved') });
      onClose();
    } catch (err) {
      const error = err as ApiError | undefined;
      if (error?.status === 409) {
        setStale(true);
        return;
      }
      const message = error?.message ?? '';
      const m = /^(\w+):(.*)$/.exec(message);
      if (m && decl.fields.some((f) => f.key === m[1])) setErrors({ [m[1]!]: m[2]! });
      else setFormError(message || t('errors.submitFailed'));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.nativeEvent.isComposing) return;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && !e.defaultPrevented) {
      // An open select list closes first; the next Esc leaves the form.
      const target = e.target as HTMLElement;
      if (target.getAttribute('aria-expanded') === 'true') return;
      e.preventDefault();
      onClose();
    }
  };

  const field = (f: PlatformField) => {
    const label = f.label[lang];
    const common = {
      label,
      error: errors[f.key],
      withAsterisk: Boolean(f.required && enabled),
      description: f.hint?.[lang],
      'data-field': f.key,
    };
    const text = typeof values[f.key] === 'string' ? (values[f.key] as string) : '';
    switch (f.kind) {
      case 'boolean':
        return (
          <Switch
            key={f.key}
            label={label}
            checked={values[f.key] === true}
            onChange={(e) => change(f.key, e.currentTarget.checked)}
            error={errors[f.key]}
            data-field={f.key}
          />
        );
      case 'secret':
        return (
          <PasswordInput
            key={f.key}
            {...common}
            value={text}
            autoComplete="new-password"
            placeholder={held.has(f.key) ? t('platformSettings.unchanged') : undefined}
            onChange={(e) => change(f.key, e.currentTarget.value)}
          />
        );
      case 'select':
        return (
          <Select
            key={f.key}
            {...common}
            data={f.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
            value={text || null}
            clearable
            onChange={(v) => change(f.key, v ?? '')}
          />
        );
      default:
        return (
          <TextInput
            key={f.key}
            {...common}
            value={text}
            {...(f.kind === 'url'
              ? { type: 'url', placeholder: 'https://' }
              : f.kind === 'decimal'
                ? { inputMode: 'decimal' as const }
                : {})}
            onChange={(e) => change(f.key, e.currentTarget.value)}
          />
        );
    }
  };

  return (
    <form
      ref={form}
      onSubmit={(e) => void submit(e)}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={decl.title[lang]}
    >
      <Stack gap="md" maw={560}>
        <Text size="xs" c="dimmed">
          {t('platformSettings.requiredWhenEnabled')}
        </Text>
        {decl.fields.map(field)}
        {stale && (
          <Alert color="orange" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('inlineEdit.errors.stale')}</Text>
              <Button size="compact-sm" variant="light" color="orange" onClick={onReload}>
                {t('inlineEdit.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={saving.isLoading}>
            {t('platformSettings.save')}
          </Button>
          <Button variant="default" onClick={onClose} disabled={saving.isLoading}>
            {t('platformSettings.cancel')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('platformSettings.keys')}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
