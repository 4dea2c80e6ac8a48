import { Alert, Avatar, Button, Center, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useProfileQuery, useUpdateProfileMutation, type Profile } from '../../api/user';
import type { ApiError } from '../../api/client';
import { AvatarUpload } from '../../resources/parts/avatar-upload';
import { useT } from '../../state/hooks';
import { fieldErrors, useErrorsFollowLanguage } from '../../components/form-errors';
import { notifyIncomplete, notifySuccess } from './notify';
import { usePlainPhone } from '../../state/use-plain-phone';
import { validateProfile, type ProfileValues } from './validators';

/** The typed fields; the avatar is an upload beside them. */
type TypedValues = Omit<ProfileValues, 'avatar'>;

/** The 'modify personal info' tab: waits for the profile and its decrypted phone. */
export function ProfileTab() {
  const t = useT();
  const { data, isLoading, isError, refetch, isFetching } = useProfileQuery();
  const phone = usePlainPhone(data?.phone);
  if (isLoading || (data && phone.status === 'loading')) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (isError || !data) {
    return (
      <Alert color="red" title={t('profile.loadFailed')}>
        <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  // Keyed by the loaded record so a refetch after saving starts from the saved values.
  const plain = phone.status === 'ready' ? phone.phone : undefined;
  return <ProfileForm key={`${data.id}|${plain ?? ''}`} profile={data} plainPhone={plain} />;
}

function ProfileForm({ profile, plainPhone }: { profile: Profile; plainPhone?: string }) {
  const t = useT();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const initial: ProfileValues = {
    avatar: profile.avatar ?? '',
    realName: profile.realName ?? '',
    name: profile.name ?? '',
    phone: plainPhone ?? '',
    email: profile.email ?? '',
  };
  // Controlled: the avatar's initials follow the names as they are typed.
  const form = useForm<TypedValues>({
    mode: 'controlled',
    initialValues: {
      realName: initial.realName,
      name: initial.name,
      phone: initial.phone,
      email: initial.email,
    },
    validate: (typed) => fieldErrors(validateProfile({ ...typed, avatar: initial.avatar }), t),
  });
  useErrorsFollowLanguage(form);
  // Only an uploaded image (its server address) or nothing: no typed addresses.
  const [avatar, setAvatar] = useState(initial.avatar);
  const [serverError, setServerError] = useState<string>();

  const submit = async (values: TypedValues) => {
    setServerError(undefined);
    try {
      await update({
        realName: values.realName.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        // A phone this session could not decrypt is left alone unless the user typed a new one.
        ...(plainPhone !== undefined || values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(avatar !== initial.avatar ? { avatar } : {}),
      }).unwrap();
      notifySuccess(t('messages.modified'));
    } catch (err) {
      setServerError((err as ApiError).message || t('errors.submitFailed'));
    }
  };

  return (
    <form
      onSubmit={form.onSubmit(
        (typed) => void submit(typed),
        () => notifyIncomplete(t('messages.completeInfo')),
      )}
      noValidate
    >
      <Stack gap="md">
        <Group align="center" wrap="nowrap">
          <Avatar
            src={avatar || null}
            name={form.values.realName || form.values.name}
            color="initials"
            size={72}
            radius={72}
            alt={t('profile.avatar')}
          />
          <AvatarUpload value={avatar} changed={avatar !== initial.avatar} onChange={setAvatar} />
        </Group>
        <TextInput
          label={t('profile.realName')}
          withAsterisk
          autoComplete="name"
          {...form.getInputProps('realName')}
        />
        <TextInput
          label={t('profile.name')}
          withAsterisk
          autoComplete="nickname"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('profile.phone')}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('profile.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} disabled={isLoading}>
            {t('common.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
