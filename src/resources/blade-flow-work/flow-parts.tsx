import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDot, IconCircleX, IconSitemap } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  LEAVE_STATE_CHOICES,
  LEAVE_TYPE_CHOICES,
  type LeaveDetail,
} from '../../contracts/blade-desk/leave';
import { FLOW_OUTCOME_CHOICES } from '../../contracts/blade-flow/task';
import { pickLang } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { useHistoryFlowQuery } from './work-api';
import { lazyComponent } from '../../lib/lazy-component';

/**
 * The parts the leave pages and the task dialogs share: a loading / error frame, the leave
 * request read-only, an instance's history as a timeline (who, when, outcome, comment) and the
 * button opening the diagram dialog (components/bpmn-diagram, loaded on first use).
 */

const FlowDiagramDialog = lazyComponent(() =>
  import('../blade-flow/flow-diagram-dialog').then((m) => ({ default: m.FlowDiagramDialog })),
);

const DASH = '—';
const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? DASH : String(value);

type Choices = Readonly<Record<string, { zh: string; en: string; color?: string }>>;

/** A choice's tag (its label in the console's language; an unknown value as it came). */
export function ChoiceTag({ choices, value }: { choices: Choices; value: string | null }) {
  const lang = useLang();
  if (!value) return <Text span>{DASH}</Text>;
  const choice = choices[value];
  return (
    <Badge variant="light" color={choice?.color ?? 'gray'}>
      {choice ? pickLang(lang, choice) : value}
    </Badge>
  );
}

/** What a query's page shows while it loads, when it failed (with Retry), or its content. */
export function Loading({
  loading,
  failed,
  retry,
  children,
}: {
  loading: boolean;
  failed: boolean;
  retry(): void;
  children: () => ReactNode;
}) {
  const t = useT();
  if (loading)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (failed)
    return (
      <Alert color="red" title={t('workTasks.loadFailed')} role="alert">
        <Button size="xs" variant="light" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  return <>{children()}</>;
}

/** The leave request read-only (the handle and detail pages). */
export function LeaveSummary({ leave }: { leave: LeaveDetail }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [t('workTasks.leave.applicant'), shown(leave.createUserName)],
    [
      t('workTasks.leave.type'),
      <ChoiceTag key="type" choices={LEAVE_TYPE_CHOICES} value={leave.leaveType} />,
    ],
    [t('workTasks.leave.start'), shown(leave.startTime)],
    [t('workTasks.leave.end'), shown(leave.endTime)],
    [t('workTasks.leave.days'), shown(leave.days)],
    [t('workTasks.leave.approver'), shown(leave.taskUserName)],
    [t('workTasks.leave.applyTime'), shown(leave.applyTime)],
    [
      t('workTasks.leave.state'),
      <ChoiceTag key="state" choices={LEAVE_STATE_CHOICES} value={leave.leaveState} />,
    ],
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed">
          {t('workTasks.leave.reason')}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {leave.reason}
        </Text>
      </div>
    </Stack>
  );
}

const OUTCOME_ICON = {
  approve: <IconCircleCheck size={14} aria-hidden />,
  reject: <IconCircleX size={14} aria-hidden />,
} as const;

/** An instance's history (process/history-flow-list): who, when, outcome and comment. */
export function HistoryTimeline({ processInstanceId }: { processInstanceId: string }) {
  const t = useT();
  // Asked again at each opening: another user's step since the last look must show.
  const history = useHistoryFlowQuery(processInstanceId, { refetchOnMountOrArgChange: true });
  return (
    <Loading
      loading={history.isLoading}
      failed={history.isError}
      retry={() => void history.refetch()}
    >
      {() => {
        const steps = history.data ?? [];
        if (steps.length === 0) return <Text c="dimmed">{t('workTasks.history.empty')}</Text>;
        const active = steps.findIndex((s) => !s.endTime);
        return (
          <Timeline
            active={active < 0 ? steps.length - 1 : active - 1}
            bulletSize={20}
            lineWidth={2}
            aria-label={t('workTasks.history.title')}
          >
            {steps.map((step, i) => (
              <Timeline.Item
                key={`${step.historyActivityId}-${i}`}
                bullet={
                  step.outcome === 'approve' || step.outcome === 'reject' ? (
                    OUTCOME_ICON[step.outcome]
                  ) : (
                    <IconCircleDot size={14} aria-hidden />
                  )
                }
                title={step.historyActivityName || step.historyActivityId}
              >
                <Group gap="xs">
                  {step.assigneeName && <Text size="sm">{step.assigneeName}</Text>}
                  {step.outcome && (
                    <ChoiceTag choices={FLOW_OUTCOME_CHOICES} value={step.outcome} />
                  )}
                  {!step.endTime && (
                    <Badge variant="outline" color="blue">
                      {t('workTasks.history.open')}
                    </Badge>
                  )}
                </Group>
                {step.comment && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {step.comment}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {step.endTime
                    ? t('workTasks.history.when', {
                        start: shown(step.createTime),
                        end: step.endTime,
                      })
                    : shown(step.createTime)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        );
      }}
    </Loading>
  );
}

/** 流程图: opens the diagram dialog of an instance. */
export function DiagramButton({ processInstanceId }: { processInstanceId: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSitemap size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('workTasks.diagram')}
      </Button>
      {opened && (
        <DiagramHost processInstanceId={processInstanceId} onClose={() => setOpened(false)} />
      )}
    </>
  );
}

/** The diagram dialog of an instance (blade-flow/flow-diagram-dialog.tsx), loaded on first use. */
export function DiagramHost({
  processInstanceId,
  subtitle,
  onClose,
}: {
  processInstanceId: string;
  subtitle?: string;
  onClose(): void;
}) {
  return (
    <FlowDiagramDialog
      source={{ processInstanceId }}
      {...(subtitle ? { subtitle } : {})}
      onClose={onClose}
    />
  );
}
