import { Alert, Group, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { isMessageKey, type MessageKey } from '../../i18n';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Machine errors are server text or an i18n key (auth-machine AUTH_ERRORS); keys are translated. */
export function messageText(t: T, text: string): string {
  return isMessageKey(text) ? t(text) : text;
}

/** A failure the user must notice (role="alert"); the text is rendered as text, never HTML. */
export function ErrorNotice({ children }: { children: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

/**
 * A success message. Mantine's Alert always says role="alert", which would make tests and
 * screen readers treat good news as an error, hence a polite status region instead.
 */
export function SuccessNotice({ children }: { children: string }) {
  return (
    <Paper role="status" p="sm" radius="md" bg="var(--mantine-color-green-light)">
      <Group gap="xs" wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-green-filled)" aria-hidden />
        <Text size="sm" c="var(--mantine-color-green-light-color)">
          {children}
        </Text>
      </Group>
    </Paper>
  );
}
