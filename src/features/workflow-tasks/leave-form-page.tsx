import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import {
  LEAVE_CALLS,
  LEAVE_TYPE_CHOICES,
  type LeaveStartAnswer,
} from '../../contracts/blade-desk/leave';
import { pickLang } from '../../i18n';
import { useRefusal } from '../../resources/engine/form-refusal';
import { useWorkflowPost } from '../../resources/blade-flow-work/use-workflow-post';
import { leaveDetailPath, useApproverOptionsQuery } from '../../resources/blade-flow-work/work-api';
import { useLang, useT } from '../../state/hooks';
import {
  checkLeave,
  leaveBody,
  leaveDays,
  REASON_MAX,
  type LeaveErrors,
  type LeaveValues,
} from './leave-rules';

const FIELDS = ['leaveType', 'startTime', 'endTime', 'days', 'reason', 'taskUser'] as const;
const EMPTY: LeaveValues = {
  leaveType: null,
  startTime: null,
  endTime: null,
  days: '',
  reason: '',
  taskUser: null,
};

/**
 * 请假申请 (/work/process/leave/form/:processDefinitionId, spec section 2; issue 29 item 6):
 * type, start and end, days (worked out from the two times in half days, and editable), reason
 * and approver, checked here and again by the server (each refused field at its field), sent
 * once to start-process; the new request's detail page follows. Enter submits from any field
 * but the reason (a new line there).
 */
export function LeaveFormPage({ initial = EMPTY }: { initial?: LeaveValues }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const post = useWorkflowPost();
  const refusal = useRefusal(FIELDS);
  const [values, setValues] = useState<LeaveValues>(initial);
  // The days follow the times until the applicant types their own.
  const [daysTyped, setDaysTyped] = useState(initial.days !== '');
  const [errors, setErrors] = useState<LeaveErrors>({});
  const approvers = useApproverOptionsQuery();
  const approverData = useMemo(
    () =>
      (approvers.data ?? []).map((u) => ({
        value: String(u.id),
        label: u.realName ? `${u.realName}（${u.account}）` : u.account,
      })),
    [approvers.data],
  );
  const types = Object.entries(LEAVE_TYPE_CHOICES).map(([value, label]) => ({
    value,
    label: pickLang(lang, label),
  }));

  const change = (patch: Partial<LeaveValues>) => {
    setValues((current) => {
      const next = { ...current, ...patch };
      if (!daysTyped && ('startTime' in patch || 'endTime' in patch)) {
        const days = leaveDays(next.startTime, next.endTime);
        next.days = days === undefined ? '' : String(days);
      }
      return next;
    });
    for (const key of Object.keys(patch)) refusal.clear(key);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof LeaveValues];
      return next;
    });
  };
  const fieldError = (name: (typeof FIELDS)[number]) => {
    const own = errors[name];
    return own ? t(own) : refusal.error(name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkLeave(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await post.run(
      { path: LEAVE_CALLS.startProcess, body: leaveBody(processDefinitionId, values) },
      { toastRefusal: false },
    );
    if (!outcome.ok) {
      if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
      return;
    }
    const answer = outcome.value as LeaveStartAnswer;
    toast('success', t('workTasks.leave.started'));
    void navigate(leaveDetailPath(answer.processInstanceId, answer.businessId));
  };

  const picker = {
    valueFormat: 'YYYY-MM-DD HH:mm',
    clearable: true,
    required: true,
    dropdownType: 'popover' as const,
  };
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h3">
        {t('workTasks.leave.formTitle')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={t('workTasks.leave.formTitle')}
        >
          <Stack gap="md">
            <Select
              label={t('workTasks.leave.type')}
              data={types}
              value={values.leaveType}
              onChange={(v) => change({ leaveType: v })}
              error={fieldError('leaveType')}
              required
              allowDeselect={false}
              data-autofocus
            />
            <Group grow align="flex-start">
              <DateTimePicker
                {...picker}
                label={t('workTasks.leave.start')}
                value={values.startTime}
                onChange={(v) => change({ startTime: v })}
                error={fieldError('startTime')}
              />
              <DateTimePicker
                {...picker}
                label={t('workTasks.leave.end')}
                value={values.endTime}
                onChange={(v) => change({ endTime: v })}
                error={fieldError('endTime')}
                {...(values.startTime ? { minDate: values.startTime } : {})}
              />
            </Group>
            <TextInput
              label={t('workTasks.leave.days')}
              description={t('workTasks.leave.daysHint')}
              inputMode="decimal"
              value={values.days}
              onChange={(e) => {
                setDaysTyped(true);
                change({ days: e.currentTarget.value.replace(/[^\d.]/g, '') });
              }}
              error={fieldError('days')}
              required
              maw={200}
            />
            <Textarea
              label={t('workTasks.leave.reason')}
              value={values.reason}
              onChange={(e) => change({ reason: e.currentTarget.value })}
              error={fieldError('reason')}
              required
              autosize
              minRows={3}
              maxRows={8}
              maxLength={REASON_MAX}
            />
            <SearchSelect
              label={t('workTasks.leave.approver')}
              data={approverData}
              value={values.taskUser}
              onChange={(v) => change({ taskUser: v })}
              error={fieldError('taskUser')}
              required
              placeholder={approvers.isLoading ? t('common.loading') : undefined}
            />
            {approvers.isError && (
              <Alert color="orange" role="alert">
                {t('workTasks.leave.approversFailed')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(-1)} disabled={post.busy}>
                {t('workTasks.back')}
              </Button>
              <Button type="submit" loading={post.busy} disabled={post.busy}>
                {t('workTasks.leave.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export default function LeaveFormRoute() {
  return <LeaveFormPage />;
}
