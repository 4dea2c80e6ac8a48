import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  DiagramButton,
  HistoryTimeline,
  LeaveSummary,
  Loading,
} from '../../resources/blade-flow-work/flow-parts';
import { TaskDecision } from '../../resources/blade-flow-work/task-form';
import { leaveDetailPath, useLeaveDetailQuery } from '../../resources/blade-flow-work/work-api';
import { useT } from '../../state/hooks';

/** A titled section of a leave page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The request and its history, with the diagram button: what both leave pages show. */
function LeaveView({
  processInstanceId,
  businessId,
  title,
  action,
}: {
  processInstanceId: string;
  businessId: string;
  title: string;
  /** The handle page's decision, given the request once it is loaded. */
  action?: (leaveState: string) => ReactNode;
}) {
  const t = useT();
  const leave = useLeaveDetailQuery(businessId);
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {title}
        </Title>
        <DiagramButton processInstanceId={processInstanceId} />
      </Group>
      <Loading
        loading={leave.isLoading}
        failed={leave.isError || (leave.isSuccess && !leave.data)}
        retry={() => void leave.refetch()}
      >
        {() => (
          <>
            <Section title={t('workTasks.leave.request')}>
              <LeaveSummary leave={leave.data!} />
            </Section>
            {action?.(leave.data!.leaveState)}
          </>
        )}
      </Loading>
      <Section title={t('workTasks.history.title')}>
        <HistoryTimeline processInstanceId={processInstanceId} />
      </Section>
    </Stack>
  );
}

/**
 * 请假审批 (/work/process/leave/handle/:taskId/:processInstanceId/:businessId): the request
 * read-only, its history and diagram, a comment and 同意 / 驳回 (complete-task). The applicant's
 * task after a reject (the request is `rejected`) offers 重新提交 / 撤回 instead. Once handled,
 * the request's detail page follows.
 */
export function LeaveHandlePage() {
  const t = useT();
  const navigate = useNavigate();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  return (
    <LeaveView
      processInstanceId={processInstanceId}
      businessId={businessId}
      title={t('workTasks.leave.handleTitle')}
      action={(leaveState) => {
        if (leaveState === 'approved' || leaveState === 'withdrawn')
          return (
            <Text c="dimmed" role="status">
              {t('workTasks.leave.closed')}
            </Text>
          );
        const adjusting = leaveState === 'rejected';
        return (
          <Section title={t('workTasks.leave.decision')}>
            {adjusting && (
              <Text size="sm" c="dimmed" mb="sm">
                {t('workTasks.leave.adjustHint')}
              </Text>
            )}
            <TaskDecision
              taskId={taskId}
              rejectNeedsComment={!adjusting}
              {...(adjusting
                ? {
                    labels: {
                      ok: t('workTasks.leave.resubmit'),
                      reject: t('workTasks.leave.withdraw'),
                    },
                  }
                : {})}
              onDone={() => void navigate(leaveDetailPath(processInstanceId, businessId))}
            />
          </Section>
        );
      }}
    />
  );
}

/** 请假详情 (/work/process/leave/detail/:processInstanceId/:businessId): request, history, diagram. */
export function LeaveDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const { processInstanceId = '', businessId = '' } = useParams();
  return (
    <Stack gap="md">
      <LeaveView
        processInstanceId={processInstanceId}
        businessId={businessId}
        title={t('workTasks.leave.detailTitle')}
      />
      <Group>
        <Button variant="default" onClick={() => void navigate('/work/process/leave')}>
          {t('workTasks.leave.backToList')}
        </Button>
      </Group>
    </Stack>
  );
}
