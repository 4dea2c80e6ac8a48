import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of a dialog that is one form (the ledger dialogs of both sides, the client product's
 * settings): the fields, then cancel and submit. While `busy` (the call runs, a file uploads)
 * both buttons are disabled and the dialog does not close; submit also waits for `ready` (what
 * the form edits has loaded).
 */
export function FormDialog({
  title,
  busy,
  submitLabel,
  cancelLabel,
  ready = true,
  size,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  submitLabel: string;
  cancelLabel: string;
  ready?: boolean;
  size?: string;
  onSubmit(event: FormEvent): void;
  onClose(changed?: boolean): void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={busy} disabled={!ready || busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
