import { Button, CloseButton, Group, Paper, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ResourceScreen } from '../../resources/engine/resource-screen';
import type { ResourceDef } from '../../resources/types';
import type {
  AdFigures,
  AdReportPage,
  AdReportRange,
  MasterReportRow,
  PlanReportRow,
} from '../../contracts/platform-ad/ad-report';
import { useT } from '../../state/hooks';
import { useAdReportDaysQuery, useAdReportMasterPlansQuery } from './ad-report-api';
import { ChartBox, FigureTable, Loadable, SummaryCards } from './figures';

/** A report list's answer (a page with the sums and the range applied), else undefined. */
export function pageOf(data: unknown): AdReportPage<unknown> | undefined {
  return typeof data === 'object' && data !== null && 'sums' in data && 'range' in data
    ? (data as AdReportPage<unknown>)
    : undefined;
}

export function RangeNote({ range }: { range: AdReportRange | undefined }) {
  const t = useT();
  if (!range) return null;
  return (
    <Text size="xs" c="dimmed" mb={4}>
      {t('adReport.range', { start: range.start, end: range.end })}
    </Text>
  );
}

/** A flow master's plans over the report's range (masterPlan), closed with its button or Esc. */
export function MasterPlans({
  master,
  range,
  onClose,
}: {
  master: MasterReportRow;
  range: AdReportRange;
  onClose(): void;
}) {
  const t = useT();
  const plans = useAdReportMasterPlansQuery({
    flowMasterId: master.id,
    startDate: range.start,
    endDate: range.end,
  });
  const title = t('adReport.master.plans', { name: master.masterName });
  return (
    <Paper
      withBorder
      p="sm"
      mb="sm"
      component="section"
      aria-label={title}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h6">
          {title}
        </Title>
        <CloseButton aria-label={t('adReport.master.close')} onClick={onClose} />
      </Group>
      <Loadable
        loading={plans.isFetching}
        failed={plans.isError}
        empty={(plans.data?.records.length ?? 0) === 0}
      >
        <FigureTable<PlanReportRow & AdFigures>
          rows={plans.data?.records ?? []}
          first={(r) => r.planName}
          label={t('adReport.plan')}
          caption={title}
        />
      </Loadable>
    </Paper>
  );
}

/** A plan's days over the report's range (POST days), as the chart. */
export function PlanDays({ plan, range }: { plan: PlanReportRow; range: AdReportRange }) {
  const t = useT();
  const days = useAdReportDaysQuery({
    planId: plan.id,
    startDate: range.start,
    endDate: range.end,
  });
  return (
    <Loadable loading={days.isFetching} failed={days.isError} empty={!days.data} h={240}>
      <ChartBox
        title={t('adReport.plan.chart', { name: plan.planName })}
        points={(days.data?.days ?? []).map((d) => ({ ...d, label: d.day.slice(5) }))}
      />
    </Loadable>
  );
}

/** The hint shown until a row is chosen. */
export function ChooseHint({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" mb="sm">
      {text}
    </Text>
  );
}

/** An export button of a custom page (hidden without its permission by the caller). */
export function ExportButton({ busy, onClick }: { busy: boolean; onClick(): void }) {
  const t = useT();
  return (
    <Button variant="default" loading={busy} onClick={onClick}>
      {t('adReport.export')}
    </Button>
  );
}

/**
 * A report list (a declared resource: filters, server sums, export) with the range applied and
 * the totals as cards above it, and below them what the chosen row opens (click its row or
 * press Enter on it), or a hint to choose one.
 */
export function ChosenRowReport<Row>({
  def,
  chooseText,
  detail,
}: {
  def: ResourceDef;
  chooseText: string;
  detail(row: Row, range: AdReportRange, close: () => void): ReactNode;
}) {
  const [chosen, setChosen] = useState<Row>();
  return (
    <ResourceScreen
      def={def}
      onRowOpen={(row) => setChosen(row as unknown as Row)}
      aboveTable={({ data }) => {
        const page = pageOf(data);
        return (
          <>
            <RangeNote range={page?.range} />
            <SummaryCards sums={page?.sums} />
            {chosen && page ? (
              detail(chosen, page.range, () => setChosen(undefined))
            ) : (
              <ChooseHint text={chooseText} />
            )}
          </>
        );
      }}
    />
  );
}
