import { messageIn } from '../contracts/server-messages';
import { useLang } from '../state/hooks';

/**
 * A message the server answered in zh, shown in the console's language (contracts/
 * server-messages.ts) and following it when the language changes: a form sets it as a field's
 * error (`form.setFieldError(name, <ServerMessage zh={...} />)`).
 */
export function ServerMessage({ zh }: { zh: string }) {
  return <>{messageIn(useLang(), zh)}</>;
}
