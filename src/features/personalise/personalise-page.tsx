import {
  Alert,
  Button,
  Center,
  ColorInput,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ApiError } from '../../api/client';
import { useLang, useT } from '../../state/hooks';
import {
  checkPersonalise,
  DEFAULT_SYSTEM_COLOR,
  EMPTY_PERSONALISE,
  PERSONALISE_LABELS,
  SIDE_NAME_MAX,
  type PersonaliseSettings,
} from '../../contracts/personalise';
import { usePermissions } from '../../state/permissions-context';
import { HeaderPreview } from './header-preview';
import { LogoField } from './logo-field';
import { normalise, usePersonaliseQuery, useSavePersonaliseMutation } from './personalise-api';
import { useErrorsFollowLanguage } from '../../components/form-errors';
import { toast } from '../../components/toast';

/** The seeded button code that saves (server/db/seed/menu-tree.ts). */
export const PERSONALISE_EDIT = 'personalise_edit';

/** Spec section 9's default colour first, then a few common brand colours. */
export const COLOR_SWATCHES = [
  DEFAULT_SYSTEM_COLOR,
  '#409eff',
  '#1677ff',
  '#722ed1',
  '#eb2f96',
  '#f5222d',
  '#fa8c16',
  '#faad14',
  '#52c41a',
  '#13c2c2',
  '#2f54eb',
  '#595959',
];

/** The defaults 'Reset' puts in the form: the spec's colour, the product's name, no logos. */
export const DEFAULTS: PersonaliseSettings = {
  ...EMPTY_PERSONALISE,
  systemColor: DEFAULT_SYSTEM_COLOR,
};

type Field = keyof PersonaliseSettings;
type Errors = Partial<Record<Field, string>>;

/** The form's values for what the server answered (no colour stored = the default). */
const formValues = (saved: PersonaliseSettings | undefined): PersonaliseSettings => ({
  ...DEFAULTS,
  ...(saved ? normalise(saved) : {}),
  systemColor: saved?.systemColor || DEFAULT_SYSTEM_COLOR,
});

const same = (a: PersonaliseSettings, b: PersonaliseSettings) =>
  (Object.keys(a) as Field[]).every((k) => a[k] === b[k]);

/** A server refusal `<field>:<message>` on one of the form's fields, else on the form. */
function serverErrors(error: unknown, fallback: string): { fields: Errors; form?: string } {
  const message = (error as ApiError | undefined)?.message ?? '';
  const m = /^(\w+):(.*)$/.exec(message);
  if (m && m[1]! in EMPTY_PERSONALISE) return { fields: { [m[1] as Field]: m[2]! } };
  return { fields: {}, form: message || fallback };
}

/**
 * /setting/personalise: the tenant's site name, theme colour and two logos, with a live preview.
 * Saving (`personalise_edit`; without it the form is read-only and has no buttons) updates the
 * local personalisation at once, so the window title, logo block, favicon and colour change
 * without a reload.
 */
export default function PersonalisePage() {
  const t = useT();
  const lang = useLang();
  const canEdit = usePermissions().has(PERSONALISE_EDIT);
  const query = usePersonaliseQuery();
  const [save, saving] = useSavePersonaliseMutation();
  const saved = formValues(query.data);
  const [formError, setFormError] = useState<string>();
  // Controlled: the preview and the 'unsaved' note follow every keystroke.
  const form = useForm<PersonaliseSettings>({
    mode: 'controlled',
    initialValues: saved,
    // The server's own check: its first refusal, beside its field.
    validate: (v) => {
      const checked = checkPersonalise(v);
      return 'error' in checked ? { [checked.error.field]: checked.error.message[lang] } : {};
    },
    onValuesChange: () => setFormError(undefined),
  });
  useErrorsFollowLanguage(form);
  // Until the user edits, the form shows what the server holds (also after a save).
  const [edited, setEdited] = useState(false);
  // The version the form's values were loaded at: a save sends it, a stale one is refused (409).
  const loadedVersion = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (edited) return;
    form.setValues(formValues(query.data));
    loadedVersion.current = query.data?.version;
    // `form` is a new object every render; its setValues is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, edited]);
  const values = form.values;
  const dirty = !same(values, saved);

  const field = (name: Field) => {
    const { value, onChange, error } = form.getInputProps(name);
    return {
      value: value as string,
      error,
      onChange: (next: unknown) => {
        if (!canEdit) return;
        setEdited(true);
        onChange(next);
      },
    };
  };

  const submit = async (input: PersonaliseSettings) => {
    const checked = checkPersonalise(input);
    if ('error' in checked) return;
    try {
      await save({ ...checked.value, version: loadedVersion.current }).unwrap();
      setEdited(false);
      form.clearErrors();
      toast('success', t('messages.updated'));
    } catch (err) {
      const refused = serverErrors(err, t('errors.submitFailed'));
      form.setErrors(refused.fields);
      setFormError(refused.form);
    }
  };

  const title = (
    <Title order={1} size="h3">
      {t('personalise.title')}
    </Title>
  );
  if (query.isLoading)
    return (
      <Stack gap="md">
        {title}
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        {title}
        <Alert color="red" variant="light" title={t('personalise.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      </Stack>
    );

  const label = (field: Field) => PERSONALISE_LABELS[field][lang];
  return (
    <Stack gap="md">
      {title}
      <Text size="sm" c="dimmed">
        {canEdit ? t('personalise.intro') : t('personalise.readOnly')}
      </Text>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form
            onSubmit={(e) => {
              if (!canEdit || saving.isLoading) e.preventDefault();
              else form.onSubmit((v) => void submit(v))(e);
            }}
            noValidate
            aria-label={t('personalise.title')}
          >
            <Stack gap="md" maw={560}>
              <TextInput
                label={label('sideName')}
                description={t('personalise.sideNameHint')}
                placeholder={t('app.name')}
                {...field('sideName')}
                maxLength={SIDE_NAME_MAX * 2}
                readOnly={!canEdit}
              />
              <ColorInput
                label={label('systemColor')}
                description={t('personalise.colorHint')}
                format="hex"
                swatches={COLOR_SWATCHES}
                swatchesPerRow={6}
                withEyeDropper={false}
                {...field('systemColor')}
                readOnly={!canEdit}
                withPicker={canEdit}
              />
              <LogoField
                label={label('navigationBarLogoUrl')}
                hint={t('personalise.navLogoHint')}
                {...field('navigationBarLogoUrl')}
                readOnly={!canEdit}
              />
              <LogoField
                label={label('smallWindowLogoUrl')}
                hint={t('personalise.smallLogoHint')}
                {...field('smallWindowLogoUrl')}
                readOnly={!canEdit}
              />
              {formError && (
                <Alert color="red" variant="light" role="alert">
                  {formError}
                </Alert>
              )}
              {canEdit && (
                <Group gap="sm">
                  <Button type="submit" loading={saving.isLoading}>
                    {t('personalise.save')}
                  </Button>
                  <Button
                    variant="default"
                    title={t('personalise.resetHint')}
                    onClick={() => {
                      setEdited(true);
                      form.setValues({ ...DEFAULTS });
                      form.clearErrors();
                      setFormError(undefined);
                    }}
                  >
                    {t('personalise.reset')}
                  </Button>
                  {dirty && (
                    <Text size="sm" c="orange.8" role="status">
                      {t('personalise.unsaved')}
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <HeaderPreview values={values} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
