import { Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import type { ApiError } from '../../api/client';
import { uploadAvatar, type FileRecord } from '../../api/files';
import { useT } from '../../state/hooks';
import { safeLogoUrl } from '../../state/shell-style';
import { extensionOf } from '../../resources/parts/upload-rules';
import type { MessageKey } from '../../i18n';

/** Logos go through the avatar upload: jpg/png, at most 500 KB, served at a public address. */
export const LOGO_TYPES = ['.jpg', '.jpeg', '.png'] as const;
export const LOGO_MAX_BYTES = 500 * 1024;

/** Why a chosen file cannot be a logo, or undefined when it may be sent. */
export function logoFileError(file: { name: string; size: number }): MessageKey | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(extensionOf(file.name)))
    return 'personalise.wrongType';
  if (file.size > LOGO_MAX_BYTES) return 'personalise.tooLarge';
  return undefined;
}

interface Props {
  label: string;
  hint: string;
  /** The logo's address ('' = none). */
  value: string;
  onChange(link: string): void;
  /** The field's validation message (from the page's check or the server). */
  error?: string | undefined;
  /** Shows the logo only (no upload or remove). */
  readOnly?: boolean;
  /** Sends the image (default: `put-file-avatar`). */
  upload?(file: File): Promise<FileRecord>;
}

/**
 * One logo: its preview (or 'not set'), an upload button over a hidden file input (type and
 * size checked before sending) and Remove. The address the server answers goes to the form;
 * nothing is saved until the page is.
 */
export function LogoField({
  label,
  hint,
  value,
  onChange,
  error,
  readOnly = false,
  upload = uploadAvatar,
}: Props) {
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const resetInput = useRef<() => void>(null);
  const src = safeLogoUrl(value);
  const message = refused ?? error;

  const choose = async (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    const why = logoFileError(file);
    if (why) {
      setRefused(t(why));
      return;
    }
    setRefused(undefined);
    setBusy(true);
    try {
      onChange((await upload(file)).link);
    } catch (err) {
      setRefused((err as ApiError | undefined)?.message || t('personalise.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={label}
      description={`${hint} · ${t('personalise.logoRules')}`}
      error={message}
      errorProps={{ role: 'alert' }}
    >
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <Box
          w={64}
          h={64}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
            overflow: 'hidden',
          }}
        >
          {src ? (
            <Image
              src={src}
              alt={t('personalise.logoPreview', { label })}
              w={56}
              h={56}
              fit="contain"
              referrerPolicy="no-referrer"
            />
          ) : (
            <IconPhoto size={28} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
        </Box>
        <Stack gap={4}>
          {!src && (
            <Text size="xs" c="dimmed">
              {t('personalise.none')}
            </Text>
          )}
          {!readOnly && (
            <Group gap="xs">
              <FileButton
                accept={LOGO_TYPES.join(',')}
                onChange={(file) => void choose(file)}
                resetRef={resetInput}
                disabled={busy}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconUpload size={14} aria-hidden />}
                    loading={busy}
                    disabled={busy}
                    aria-label={`${src ? t('personalise.replace') : t('personalise.upload')}: ${label}`}
                  >
                    {src ? t('personalise.replace') : t('personalise.upload')}
                  </Button>
                )}
              </FileButton>
              {value && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  disabled={busy}
                  aria-label={`${t('personalise.remove')}: ${label}`}
                  onClick={() => {
                    setRefused(undefined);
                    onChange('');
                  }}
                >
                  {t('personalise.remove')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
