import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** What a toast reports; it decides the colour and which earlier toast the new one replaces. */
export type ToastKind = 'success' | 'warning' | 'error';

const COLOUR: Record<ToastKind, string> = { success: 'green', warning: 'orange', error: 'red' };

/** Where toasts appear and how many at most (one per kind, so never more than three). */
export const TOAST_POSITION = 'bottom-center';
export const TOAST_LIMIT = 3;

const onScreen: Partial<Record<ToastKind, string>> = {};
let serial = 0;

/** A button in the toast (a finished export's download), which closes the toast when used. */
export interface ToastAction {
  label: string;
  /** Its accessible name, when the label alone would be ambiguous. */
  name?: string;
  run: () => void;
}

/**
 * One message per outcome (spec section 8's 添加成功 / 修改成功 / 删除成功 / 操作成功, warnings,
 * errors): a new toast replaces the one of its kind still on screen instead of stacking under
 * it, so five quick saves leave one "修改成功", not five. Every toast in the console goes
 * through here.
 */
export function toast(kind: ToastKind, message: string, action?: ToastAction): void {
  const previous = onScreen[kind];
  if (previous) notifications.hide(previous);
  serial += 1;
  const id = `toast-${kind}-${serial}`;
  onScreen[kind] = id;
  notifications.show({
    id,
    color: COLOUR[kind],
    message: action ? withAction(message, action, () => notifications.hide(id)) : message,
    // A toast with something to do stays until it is done or closed.
    ...(action ? { autoClose: false } : {}),
    onClose: () => {
      if (onScreen[kind] === id) delete onScreen[kind];
    },
  });
}

function withAction(message: string, action: ToastAction, close: () => void) {
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        aria-label={action.name ?? action.label}
        onClick={() => {
          close();
          action.run();
        }}
      >
        {action.label}
      </Button>
    </Group>
  );
}
