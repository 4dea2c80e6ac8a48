import { toast } from '../../components/toast';

/** Spec section 5: a form submitted with errors shows 'please complete the information'. */
export function notifyIncomplete(text: string): void {
  toast('warning', text);
}

export function notifySuccess(text: string): void {
  toast('success', text);
}
