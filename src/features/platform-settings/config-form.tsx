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
import { useForm } from '@mantine/form';
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
import { useErrorsFollowLanguage } from '../../components/form-errors';
import { toast } from '../../components/toast';

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
  const held = storedSecrets(decl, detail);
  const [formError, setFormError] = useState<string>();
  // Uncontrolled: typing renders nothing; the switch 'enabled' is watched (required marks).
  const form = useForm<PlatformConfig>({
    mode: 'uncontrolled',
    initialValues: startValues(decl, detail),
    // The server's own check: its first refusal, beside its field.
    validate: (values) => {
      const checked = checkPlatformConfig(decl, values, held);
      return 'error' in checked ? { [checked.error.field]: checked.error.message[lang] } : {};
    },
    onValuesChange: () => setFormError(undefined),
  });
  useErrorsFollowLanguage(form);
  const [enabled, setEnabled] = useState(() => form.getValues().enabled === true);
  form.watch('enabled', ({ value }) => setEnabled(value === true));
  const [stale, setStale] = useState(false);
  const [save, saving] = useSavePlatformSettingMutation();
  const formEl = useRef<HTMLFormElement>(null);

  // The first field takes the focus when the form opens (it replaced the Edit button).
  useEffect(() => {
    formEl.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus();
  }, []);

  const refuse = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)[0];
    if (first) formEl.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const send = async (values: PlatformConfig) => {
    try {
      await save({ platform: decl.key, config: values, version: detail.version }).unwrap();
      toast('success', t('messages.updated'));
      onClose();
    } catch (err) {
      const error = err as ApiError | undefined;
      if (error?.status === 409) {
        setStale(true);
        return;
      }
      const message = error?.message ?? '';
      const m = /^(\w+):(.*)$/.exec(message);
      if (m && decl.fields.some((f) => f.key === m[1])) form.setErrors({ [m[1]!]: m[2]! });
      else setFormError(message || t('errors.submitFailed'));
    }
  };

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    if (saving.isLoading) event?.preventDefault();
    else form.onSubmit((values) => void send(values), refuse)(event);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.nativeEvent.isComposing) return;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault();
      submit();
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
    const input = form.getInputProps(f.key, f.kind === 'boolean' ? { type: 'checkbox' } : {});
    const key = form.key(f.key);
    const common = {
      ...input,
      label,
      withAsterisk: Boolean(f.required && enabled),
      description: f.hint?.[lang],
      'data-field': f.key,
    };
    switch (f.kind) {
      case 'boolean':
        return <Switch key={key} {...input} label={label} data-field={f.key} />;
      case 'secret':
        return (
          <PasswordInput
            {...common}
            key={key}
            autoComplete="new-password"
            placeholder={held.has(f.key) ? t('platformSettings.unchanged') : undefined}
          />
        );
      case 'select':
        return (
          <Select
            {...common}
            key={key}
            data={f.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
            defaultValue={(input.defaultValue as string) || null}
            clearable
            onChange={(v) => input.onChange(v ?? '')}
          />
        );
      default:
        return (
          <TextInput
            {...common}
            key={key}
            {...(f.kind === 'url'
              ? { type: 'url', placeholder: 'https://' }
              : f.kind === 'decimal'
                ? { inputMode: 'decimal' as const }
                : {})}
          />
        );
    }
  };

  return (
    <form
      ref={formEl}
      onSubmit={submit}
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
