import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { COMPLETE_TASK_LIMITS, WORK_CALLS } from '../../contracts/blade-flow/task';
import { toast } from '../../components/toast';
import { useT } from '../../state/hooks';
import { useWorkflowPost } from './use-workflow-post';

export type TaskFlag = 'ok' | 'reject';

/**
 * The comment and the approve / reject buttons of a task (the todo list's 办理 dialog and the
 * leave handle page): complete-task {taskId, flag, comment}, sent once. A reject needs a
 * comment (the applicant must learn why; the server takes an empty one); Ctrl/Cmd+Enter in the
 * comment approves (Enter there is a new line). `labels` renames the two buttons (the leave
 * adjust task: 重新提交 / 撤回).
 */
export function TaskDecision({
  taskId,
  labels,
  rejectNeedsComment = true,
  onDone,
  extra,
}: {
  taskId: string;
  labels?: { ok: string; reject: string };
  /** Whether a reject needs a comment (not a withdrawal). */
  rejectNeedsComment?: boolean;
  onDone(flag: TaskFlag): void;
  /** Buttons beside the two (a dialog's Cancel). */
  extra?: ReactNode;
}) {
  const t = useT();
  const post = useWorkflowPost();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const send = async (flag: TaskFlag) => {
    const text = comment.trim();
    if (flag === 'reject' && rejectNeedsComment && !text) {
      setError(t('workTasks.complete.commentRequired'));
      return;
    }
    if (text.length > COMPLETE_TASK_LIMITS.commentMax) {
      setError(t('workTasks.complete.commentTooLong', { max: COMPLETE_TASK_LIMITS.commentMax }));
      return;
    }
    const outcome = await post.run({
      path: WORK_CALLS.completeTask,
      body: { taskId, flag, comment: text },
    });
    if (!outcome.ok) return;
    toast(
      'success',
      t(flag === 'ok' ? 'workTasks.complete.approved' : 'workTasks.complete.rejected'),
    );
    onDone(flag);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send('ok');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send('ok');
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label={t('workTasks.complete.comment')}
          description={t('workTasks.complete.commentHint')}
          value={comment}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
          error={error}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={COMPLETE_TASK_LIMITS.commentMax}
          data-autofocus
        />
        <Group justify="flex-end">
          {extra}
          <Button
            color="red"
            variant="light"
            onClick={() => void send('reject')}
            disabled={post.busy}
          >
            {labels?.reject ?? t('workTasks.complete.reject')}
          </Button>
          <Button type="submit" loading={post.busy} disabled={post.busy}>
            {labels?.ok ?? t('workTasks.complete.approve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
