import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useT } from '../state/hooks';

/**
 * `const [dialog, confirm, asking] = useConfirm()`: render `dialog`, then
 * `if (await confirm(text))`. A titled Modal (accessible dialog, focus returns to the button
 * that asked) instead of window.confirm, which cannot be styled, translated or found by role.
 * Inside another dialog pass `closeOnEscape={!asking}` to it: every open Mantine modal
 * listens for Escape on the window, so one key press would close both.
 */
export function useConfirm(): [ReactNode, (message: string) => Promise<boolean>, boolean] {
  const t = useT();
  const [opened, setOpened] = useState(false);
  // Kept after closing so the text does not vanish during the closing transition.
  const [message, setMessage] = useState('');
  const resolver = useRef<((ok: boolean) => void) | undefined>(undefined);
  const asker = useRef<HTMLElement | null>(null);

  const confirm = useCallback((text: string) => {
    resolver.current?.(false);
    asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMessage(text);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setOpened(false);
    // Back to the button that asked. Done by hand (after Mantine's own attempt) because an
    // enclosing dialog's focus trap otherwise pulls focus to its first control.
    const back = asker.current;
    asker.current = null;
    setTimeout(() => {
      if (back?.isConnected && !back.hasAttribute('disabled')) back.focus();
    }, 50);
  };

  const dialog = (
    <Modal
      opened={opened}
      onClose={() => answer(false)}
      title={t('common.confirmTitle')}
      size="sm"
      centered
      zIndex={400}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => answer(true)} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
  return [dialog, confirm, opened];
}
