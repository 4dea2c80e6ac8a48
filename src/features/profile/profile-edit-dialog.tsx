import {
  Alert,
  Button,
  Center,
  Group,
  Input,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import type { FileRecord } from '../../api/files';
import {
  useEditProfileMutation,
  useProfileQuery,
  useSendProfileCodeMutation,
  type FullProfile,
} from '../../api/user';
import type { CodeTarget, IdPhoto } from '../../contracts/auth-profile';
import { Uploader } from '../../resources/parts/uploader';
import { useT } from '../../state/hooks';
import { usePlainPhone } from '../../state/use-plain-phone';
import { fieldErrors, useErrorsFollowLanguage } from '../../components/form-errors';
import { useCountdown } from '../auth/use-countdown';
import { notifyIncomplete, notifySuccess } from './notify';
import {
  emailCheck,
  phoneCheck,
  serverFieldError,
  validateProfileEdit,
  type ProfileEditValues,
} from './profile-edit-rules';

const PHOTO_TYPES = ['.jpg', '.jpeg', '.png'] as const;

const toPhoto = (r: FileRecord): IdPhoto => ({
  attachId: r.attachId,
  name: r.originalName,
  link: r.link,
});

const dateText = (d: Date | null) =>
  d
    ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    : '';
const parseDate = (s: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
};

/**
 * The profile edit dialog (spec section 2 screen 4, section 5; issue 16 item 16): real name,
 * user name, native place, birth date, ID card front and back photos (jpg/jpeg/png through the
 * uploader and its checks), phone and e-mail each with a verification code; every field is
 * required. Opened from /info/index and the personal-info drawer.
 */
export function ProfileEditDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const { data, isLoading, isError } = useProfileQuery(undefined, { skip: !opened });
  const phone = usePlainPhone(data?.phone);
  let body;
  if (isLoading || (data && phone.status === 'loading')) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (isError || !data) {
    body = <Alert color="red">{t('profile.loadFailed')}</Alert>;
  } else {
    body = (
      <ProfileEditForm
        profile={data as FullProfile}
        plainPhone={phone.status === 'ready' ? phone.phone : ''}
        onDone={onClose}
      />
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.editDialog.title')} size={640}>
      {opened && body}
    </Modal>
  );
}

/** A code input with its send button, which counts down 60 s and stays keyboard-focusable. */
function CodeField({
  label,
  target,
  type,
  check,
  inputProps,
  onSent,
  onInvalid,
}: {
  label: string;
  target: string;
  type: CodeTarget;
  check: (v: string) => string | undefined;
  inputProps: ReturnType<ReturnType<typeof useForm<ProfileEditValues>>['getInputProps']>;
  onSent(): void;
  onInvalid(error: string): void;
}) {
  const t = useT();
  const countdown = useCountdown();
  const [send, { isLoading }] = useSendProfileCodeMutation();
  const [failure, setFailure] = useState<string>();
  const busy = countdown.running || isLoading;
  const click = async () => {
    if (busy) return;
    const bad = check(target);
    if (bad) return onInvalid(bad);
    setFailure(undefined);
    try {
      await send({ type, target: target.trim() }).unwrap();
      countdown.start();
      onSent();
    } catch (err) {
      setFailure((err as ApiError).message || t('errors.submitFailed'));
    }
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        withAsterisk
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        style={{ flex: 1 }}
        {...inputProps}
        error={inputProps.error ?? failure}
      />
      <Button
        variant="light"
        mt={25}
        w={150}
        aria-disabled={busy || undefined}
        data-disabled={busy || undefined}
        loading={isLoading}
        onClick={(e) => {
          e.preventDefault();
          void click();
        }}
      >
        {countdown.running
          ? t('profile.editDialog.resend', { seconds: countdown.left })
          : t('profile.editDialog.sendCode')}
      </Button>
    </Group>
  );
}

function PhotoField({
  label,
  current,
  error,
  onChange,
}: {
  label: string;
  current: IdPhoto[];
  error: string | undefined;
  onChange(photos: IdPhoto[] | undefined): void;
}) {
  const t = useT();
  return (
    // The uploader states the types and the size limit: said once, not again here.
    <Input.Wrapper label={label} withAsterisk error={error}>
      <Stack gap={4} mt={4}>
        {current.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('profile.editDialog.current', { name: current.map((p) => p.name).join(', ') })}
          </Text>
        )}
        <Uploader
          accept={PHOTO_TYPES}
          limit={1}
          maxSizeMb={10}
          label={`${t('profile.editDialog.choosePhoto')} (${label})`}
          onChange={(records) => onChange(records.length ? records.map(toPhoto) : undefined)}
        />
      </Stack>
    </Input.Wrapper>
  );
}

function ProfileEditForm({
  profile,
  plainPhone,
  onDone,
}: {
  profile: FullProfile;
  plainPhone: string;
  onDone(): void;
}) {
  const t = useT();
  const [save, { isLoading }] = useEditProfileMutation();
  const [serverError, setServerError] = useState<string>();
  const saved = {
    front: profile.idCardFront ?? [],
    back: profile.idCardBack ?? [],
  };
  const form = useForm<ProfileEditValues>({
    mode: 'controlled',
    initialValues: {
      realName: profile.realName ?? '',
      name: profile.name ?? '',
      nativePlace: profile.nativePlace ?? '',
      birthday: (profile.birthday ?? '').slice(0, 10),
      idCardFront: saved.front,
      idCardBack: saved.back,
      phone: plainPhone,
      phoneCode: '',
      email: profile.email ?? '',
      emailCode: '',
    },
    validate: (values) => fieldErrors(validateProfileEdit(values), t),
  });
  useErrorsFollowLanguage(form);

  const submit = async (values: ProfileEditValues) => {
    setServerError(undefined);
    try {
      await save({
        ...values,
        realName: values.realName.trim(),
        name: values.name.trim(),
        nativePlace: values.nativePlace.trim(),
        phone: values.phone.trim(),
        phoneCode: values.phoneCode.trim(),
        email: values.email.trim(),
        emailCode: values.emailCode.trim(),
      }).unwrap();
      notifySuccess(t('messages.modified'));
      onDone();
    } catch (err) {
      const message = (err as ApiError).message || t('errors.submitFailed');
      const named = serverFieldError(message);
      if (named) form.setFieldError(named.field, named.message);
      else setServerError(message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => void submit(values),
        () => notifyIncomplete(t('messages.completeInfo')),
      )}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('profile.editDialog.realName')}
            withAsterisk
            data-autofocus
            autoComplete="name"
            maxLength={50}
            {...form.getInputProps('realName')}
          />
          <TextInput
            label={t('profile.editDialog.name')}
            withAsterisk
            autoComplete="nickname"
            maxLength={50}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('profile.editDialog.nativePlace')}
            withAsterisk
            maxLength={100}
            {...form.getInputProps('nativePlace')}
          />
          <DateInput
            label={t('profile.editDialog.birthday')}
            withAsterisk
            valueFormat="YYYY-MM-DD"
            maxDate={new Date()}
            value={parseDate(form.values.birthday)}
            onChange={(d) => form.setFieldValue('birthday', dateText(d))}
            error={form.errors.birthday}
          />
        </SimpleGrid>
        <PhotoField
          label={t('profile.editDialog.idCardFront')}
          current={saved.front}
          error={form.errors.idCardFront as string | undefined}
          onChange={(photos) => form.setFieldValue('idCardFront', photos ?? saved.front)}
        />
        <PhotoField
          label={t('profile.editDialog.idCardBack')}
          current={saved.back}
          error={form.errors.idCardBack as string | undefined}
          onChange={(photos) => form.setFieldValue('idCardBack', photos ?? saved.back)}
        />
        <TextInput
          label={t('profile.editDialog.phone')}
          withAsterisk
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          {...form.getInputProps('phone')}
        />
        <CodeField
          label={t('profile.editDialog.phoneCode')}
          type="phone"
          target={form.values.phone}
          check={(v) => {
            const key = phoneCheck(v);
            return key && t(key);
          }}
          inputProps={form.getInputProps('phoneCode')}
          onSent={() => notifySuccess(t('profile.editDialog.codeSent'))}
          onInvalid={(e) => form.setFieldError('phone', e)}
        />
        <TextInput
          label={t('profile.editDialog.email')}
          withAsterisk
          type="email"
          autoComplete="email"
          maxLength={100}
          {...form.getInputProps('email')}
        />
        <CodeField
          label={t('profile.editDialog.emailCode')}
          type="email"
          target={form.values.email}
          check={(v) => {
            const key = emailCheck(v);
            return key && t(key);
          }}
          inputProps={form.getInputProps('emailCode')}
          onSent={() => notifySuccess(t('profile.editDialog.codeSent'))}
          onInvalid={(e) => form.setFieldError('email', e)}
        />
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('profile.editDialog.cancel')}
          </Button>
          <Button type="submit" loading={isLoading}>
            {t('profile.editDialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
