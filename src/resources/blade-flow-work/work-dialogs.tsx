import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  DELETE_REASON_MAX,
  FOLLOW_CALLS,
  type FlowInstance,
} from '../../contracts/blade-flow/instance';
import {
  FLOW_MESSAGES,
  WORK_CALLS,
  type FlowTask,
  type StartableProcess,
} from '../../contracts/blade-flow/task';
import type { LeaveRequest } from '../../contracts/blade-desk/leave';
import { toast } from '../../components/toast';
import { messageIn } from '../../contracts/server-messages';
import { refusalMessage } from '../../api/send-once';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';
import { DiagramHost, HistoryTimeline } from './flow-parts';
import { TaskDecision } from './task-form';
import { statusOf, useWorkflowPost } from './use-workflow-post';
import {
  LEAVE_PROCESS_KEY,
  leaveDetailPath,
  leaveHandlePath,
  leaveIdOf,
  useLazyWorkStartListQuery,
} from './work-api';

/**
 * The row and toolbar actions of the task screens (issue 29 item 4): each a dialog the engine
 * loads on first use (resources/types.ts ActionDef). Actions that lead to a page (the leave
 * pages) are dialogs too that navigate and close at once: the engine's actions are dialogs or
 * confirmed calls, it has no "link" action.
 */

/** Either an instance row (follow, send) or a task row (claim, todo, done). */
type InstanceRow = Pick<
  FlowInstance,
  'id' | 'processDefinitionName' | 'businessKey' | 'processKey'
>;
type Flowish = FlowInstance | FlowTask;
const instanceOf = (row: Flowish) => ('instanceId' in row ? row.instanceId : row.id);

/** Navigates to `to` and closes (nothing to show: the page is the action). */
function Go({ to, onClose }: { to: string | undefined; onClose(changed?: boolean): void }) {
  const navigate = useNavigate();
  const gone = useRef(false);
  useEffect(() => {
    if (gone.current) return;
    gone.current = true;
    if (to) void navigate(to);
    onClose(false);
  }, [to, navigate, onClose]);
  return null;
}

/** 流程图 of a row's instance. */
export function DiagramDialog({ rows, onClose }: ActionDialogProps<Flowish>) {
  const row = rows[0];
  if (!row) return null;
  return (
    <DiagramHost
      processInstanceId={instanceOf(row)}
      subtitle={row.processDefinitionName}
      onClose={() => onClose(false)}
    />
  );
}

/** 流转记录: the history of a row's instance. */
export function HistoryDialog({ rows, onClose }: ActionDialogProps<Flowish>) {
  const t = useT();
  const row = rows[0];
  if (!row) return null;
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('workTasks.history.titleOf', { name: row.processDefinitionName })}
      size="lg"
    >
      <HistoryTimeline processInstanceId={instanceOf(row)} />
    </Modal>
  );
}

/** 请假详情: the leave detail page of a leave instance (follow, send, done and the leave list). */
export function LeaveDetailDialog({
  rows,
  onClose,
}: ActionDialogProps<InstanceRow | FlowTask | LeaveRequest>) {
  const row = rows[0];
  let to: string | undefined;
  if (row && 'leaveType' in row) {
    if (row.processInstanceId) to = leaveDetailPath(row.processInstanceId, row.id);
  } else if (row) {
    const businessId = leaveIdOf(row.businessKey);
    const instanceId = (row as Partial<FlowTask>).instanceId ?? row.id;
    if (businessId) to = leaveDetailPath(instanceId, businessId);
  }
  return <Go to={to} onClose={onClose} />;
}

/** 删除 (流程跟踪): the instance ends as 'deleted' with the reason given (required). */
export function DeleteInstanceDialog({ rows, onClose }: ActionDialogProps<FlowInstance>) {
  const t = useT();
  const post = useWorkflowPost();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const row = rows[0];
  if (!row) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(t('workTasks.delete.reasonRequired'));
      return;
    }
    const params = new URLSearchParams({ processInstanceId: row.id, deleteReason: text });
    const outcome = await post.run({ path: `${FOLLOW_CALLS.deleteProcessInstance}?${params}` });
    if (!outcome.ok) return;
    toast('success', t('messages.deleted'));
    onClose(true);
  };
  return (
    <Modal opened onClose={() => !post.busy && onClose(false)} title={t('workTasks.delete.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('workTasks.delete.confirm', { name: row.processDefinitionName, id: row.id })}
          </Text>
          <Textarea
            label={t('workTasks.delete.reason')}
            required
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            error={error}
            maxLength={DELETE_REASON_MAX}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={post.busy}>
              {t('workTasks.cancel')}
            </Button>
            <Button type="submit" color="red" loading={post.busy} disabled={post.busy}>
              {t('workTasks.delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * 签收: claim-task, sent once. Of two candidates claiming at once one wins; the other is told
 * '任务已被签收' and the list reloads (the task has left it).
 */
export function ClaimDialog({ rows, onClose }: ActionDialogProps<FlowTask>) {
  const t = useT();
  const lang = useLang();
  const post = useWorkflowPost();
  const row = rows[0];
  if (!row) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await post.run(
      { path: `${WORK_CALLS.claimTask}?${new URLSearchParams({ taskId: row.id })}` },
      { toastRefusal: false },
    );
    if (outcome.ok) {
      toast('success', t('workTasks.claim.done'));
      onClose(true);
      return;
    }
    if (outcome.error === undefined) return;
    const taken = statusOf(outcome.error) === 409;
    toast(
      'error',
      taken
        ? messageIn(lang, refusalMessage(outcome.error, FLOW_MESSAGES.claimed.zh))
        : messageIn(lang, refusalMessage(outcome.error, t('errors.submitFailed'))),
    );
    // Claimed by someone else (or gone): the list shows what is left to claim.
    if (taken || statusOf(outcome.error) === 404) onClose(true);
  };
  return (
    <Modal opened onClose={() => !post.busy && onClose(false)} title={t('workTasks.claim.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('workTasks.claim.confirm', { task: row.name, process: row.processDefinitionName })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={post.busy}>
              {t('workTasks.cancel')}
            </Button>
            <Button type="submit" loading={post.busy} disabled={post.busy} data-autofocus>
              {t('workTasks.claim.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 退回: an assigned task that came from the claim list goes back there. */
export function SendBackDialog({ rows, onClose }: ActionDialogProps<FlowTask>) {
  const t = useT();
  const post = useWorkflowPost();
  const row = rows[0];
  if (!row) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await post.run({
      path: `${WORK_CALLS.sendBack}?${new URLSearchParams({ taskId: row.id })}`,
    });
    if (!outcome.ok) return;
    toast('success', t('workTasks.sendBack.done'));
    onClose(true);
  };
  return (
    <Modal
      opened
      onClose={() => !post.busy && onClose(false)}
      title={t('workTasks.sendBack.title')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('workTasks.sendBack.confirm', { task: row.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={post.busy}>
              {t('workTasks.cancel')}
            </Button>
            <Button type="submit" loading={post.busy} disabled={post.busy} data-autofocus>
              {t('workTasks.sendBack.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 办理: a leave task opens the leave handle page; any other task approve / reject here. */
export function HandleDialog({ rows, onClose }: ActionDialogProps<FlowTask>) {
  const t = useT();
  const row = rows[0];
  if (!row) return null;
  const page = leaveHandlePath(row);
  if (page) return <Go to={page} onClose={onClose} />;
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('workTasks.complete.title', { task: row.name })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {row.processDefinitionName}
          {row.startUserName ? ` · ${row.startUserName}` : ''}
        </Text>
        <TaskDecision
          taskId={row.id}
          onDone={() => onClose(true)}
          extra={
            <Button variant="default" onClick={() => onClose(false)}>
              {t('workTasks.cancel')}
            </Button>
          }
        />
      </Stack>
    </Modal>
  );
}

/**
 * 发起 (发起事务): the leave process opens its form page (start-process of blade-desk writes the
 * request); any other process has no form in the console and starts on a confirmation
 * (work/start-process, sent once) and is then found in 已发事务.
 */
export function StartDialog({ rows, onClose }: ActionDialogProps<StartableProcess>) {
  const t = useT();
  const post = useWorkflowPost();
  const row = rows[0];
  if (!row) return null;
  if (row.processKey === LEAVE_PROCESS_KEY)
    return <Go to={`/work/process/leave/form/${encodeURIComponent(row.id)}`} onClose={onClose} />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await post.run({
      path: WORK_CALLS.startProcess,
      body: { processDefinitionId: row.id },
    });
    if (!outcome.ok) return;
    toast('success', t('workTasks.start.done'));
    onClose(true);
  };
  return (
    <Modal opened onClose={() => !post.busy && onClose(false)} title={t('workTasks.start.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('workTasks.start.confirm', { name: row.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={post.busy}>
              {t('workTasks.cancel')}
            </Button>
            <Button type="submit" loading={post.busy} disabled={post.busy} data-autofocus>
              {t('workTasks.start.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 发起请假 (the leave list's toolbar): the form of the latest startable leave definition. */
export function StartLeaveDialog({ onClose }: ActionDialogProps<LeaveRequest>) {
  const t = useT();
  const [find, found] = useLazyWorkStartListQuery();
  const [to, setTo] = useState<string>();
  useEffect(() => {
    void find(LEAVE_PROCESS_KEY, true)
      .unwrap()
      .then((page) => {
        const leave = page.records.find((r) => r.processKey === LEAVE_PROCESS_KEY);
        if (leave) setTo(`/work/process/leave/form/${encodeURIComponent(leave.id)}`);
      })
      .catch(() => undefined);
  }, [find]);
  if (to) return <Go to={to} onClose={onClose} />;
  const none = found.isSuccess || found.isError;
  return (
    <Modal opened onClose={() => onClose(false)} title={t('workTasks.leave.startTitle')}>
      <Stack gap="md">
        <Text size="sm">{none ? t('workTasks.leave.noDefinition') : t('common.loading')}</Text>
        <Group justify="flex-end">
          <Button onClick={() => onClose(false)} data-autofocus>
            {t('workTasks.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
