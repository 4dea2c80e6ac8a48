import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import { messageIn } from '../../contracts/server-messages';
import { useLang, useT } from '../../state/hooks';
import { WORKFLOW_SERVICES } from './work-api';

export interface WorkflowPost {
  /** Relative to /api, query parameters included (`blade-flow/work/claim-task?taskId=`). */
  path: string;
  body?: Record<string, unknown>;
}

/**
 * A task action (claim, complete, send back, delete an instance, start a leave request) sent
 * once (api/send-once.ts: the button is busy while it runs, a lost answer is sent again with the
 * same Idempotency-Key). A success invalidates every workflow list, the todo count and the leave
 * requests; `post` answers the call's data, or undefined after a refusal, which it has shown as
 * a toast in the console's language (`toastRefusal: false` leaves that to the caller).
 */
export function useWorkflowPost() {
  const t = useT();
  const lang = useLang();
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((arg: WorkflowPost, idempotencyKey: string) =>
    post({
      path: arg.path,
      body: arg.body ?? {},
      idempotencyKey,
      services: WORKFLOW_SERVICES,
    }).unwrap(),
  );
  const run = async (
    arg: WorkflowPost,
    { toastRefusal = true }: { toastRefusal?: boolean } = {},
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> => {
    const outcome = await send.run(arg);
    if (!outcome.ok && outcome.error !== undefined && toastRefusal)
      toast('error', messageIn(lang, refusalMessage(outcome.error, t('errors.submitFailed'))));
    return outcome;
  };
  return { run, busy: send.busy };
}

/** The HTTP status of a refusal (409: the task was claimed by someone else meanwhile). */
export const statusOf = (error: unknown): unknown => (error as { status?: unknown })?.status;
