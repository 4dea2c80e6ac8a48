import { notifications } from '@mantine/notifications';

/** Spec section 5: a form submitted with errors shows 'please complete the information'. */
export function notifyIncomplete(text: string): void {
  notifications.show({ id: 'form-incomplete', color: 'yellow', message: text });
}

export function notifySuccess(text: string): void {
  notifications.show({ color: 'green', message: text });
}
