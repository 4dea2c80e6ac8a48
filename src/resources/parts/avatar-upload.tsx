import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { uploadAvatar, type FileRecord } from '../../api/files';
import type { ApiError } from '../../api/client';
import { useT } from '../../state/hooks';
import type { MessageKey } from '../../i18n';
import { extensionOf } from './upload-rules';

/** Spec screen 4 and section 9: the avatar is a jpg/png of at most 500 KB. */
export const AVATAR_TYPES = ['.jpg', '.jpeg', '.png'] as const;
export const AVATAR_MAX_BYTES = 500 * 1024;

/** The message key for a file the avatar cannot be, or undefined when it may be sent. */
export function avatarFileError(file: { name: string; size: number }): MessageKey | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(extensionOf(file.name)))
    return 'files.avatar.wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'files.avatar.tooLarge';
  return undefined;
}

interface Props {
  /** The current avatar address ('' for none). */
  value: string;
  /** The value differs from the saved one (says that submitting saves it). */
  changed: boolean;
  onChange(link: string): void;
  /** Sends the image (default `blade-resource/oss/endpoint/put-file-avatar`). */
  upload?(file: File): Promise<FileRecord>;
}

/**
 * Avatar upload: a real button over a hidden file input, checked before sending (type, size),
 * then the server's image address handed to the form; removing clears it.
 */
export function AvatarUpload({ value, changed, onChange, upload = uploadAvatar }: Props) {
  const t = useT();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const resetInput = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    const refused = avatarFileError(file);
    if (refused) {
      setError(t(refused));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onChange((await upload(file)).link);
    } catch (err) {
      setError((err as ApiError | undefined)?.message || t('files.upload.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} style={{ flex: 1 }}>
      <Group gap="xs">
        <FileButton
          accept={AVATAR_TYPES.join(',')}
          onChange={(file) => void choose(file)}
          resetRef={resetInput}
          disabled={busy}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={busy}
              aria-describedby={hintId}
            >
              {t('files.avatar.upload')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="gray"
            disabled={busy}
            onClick={() => {
              setError(undefined);
              onChange('');
            }}
          >
            {t('files.avatar.remove')}
          </Button>
        )}
      </Group>
      <Text id={hintId} size="xs" c="dimmed">
        {t('files.avatar.hint')}
      </Text>
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : (
        changed &&
        value && (
          <Text size="xs" c="green.8" role="status">
            {t('files.avatar.uploaded')}
          </Text>
        )
      )}
    </Stack>
  );
}
