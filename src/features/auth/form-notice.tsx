import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { isMessageKey, type MessageKey } from '../../i18n';
import s from './auth.module.css';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Machine errors are server text or an i18n key (auth-machine AUTH_ERRORS); keys are translated. */
export function messageText(t: T, text: string): string {
  return isMessageKey(text) ? t(text) : text;
}

/** A failure the user must notice (role="alert"); the text is rendered as text, never HTML. */
export function ErrorNotice({ children }: { children: string }) {
  return (
    <p role="alert" className={`${s.notice} ${s.noticeError}`}>
      <IconAlertCircle size={18} aria-hidden />
      <span>{children}</span>
    </p>
  );
}

/** Good news, announced politely (role="status") so nobody mistakes it for an error. */
export function SuccessNotice({ children }: { children: string }) {
  return (
    <p role="status" className={`${s.notice} ${s.noticeSuccess}`}>
      <IconCircleCheck size={18} aria-hidden />
      <span>{children}</span>
    </p>
  );
}
