import { Group, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AD_REPORT_CALLS, AD_REPORT_MENUS } from '../../contracts/platform-ad/ad-report';
import { FilterBar } from '../../resources/engine/filter-bar';
import {
  initialFilterValues,
  toQueryParams,
  type FilterDef,
  type FilterValues,
} from '../../resources/engine/filters';
import { useT } from '../../state/hooks';
import { useAdReportDaysQuery } from './ad-report-api';
import { optionSource, RANGE_FILTER } from './ad-report-resources';
import { ChartBox, FigureTable, Loadable, SummaryCards } from './figures';
import { ExportButton, RangeNote } from './report-parts';
import { useReportExport } from './use-report-export';

const label = (zh: string, en: string) => ({ zh, en });
const FILTERS: readonly FilterDef[] = [
  {
    name: 'planId',
    kind: 'select',
    label: label('广告计划', 'Plan'),
    source: optionSource('plan'),
  },
  {
    name: 'advertiserId',
    kind: 'select',
    label: label('广告主', 'Advertiser'),
    source: optionSource('advertiser'),
  },
  {
    name: 'flowMasterId',
    kind: 'select',
    label: label('流量主', 'Traffic owner'),
    source: optionSource('flowMaster'),
  },
  { ...RANGE_FILTER, label: label('统计日期', 'Date') },
];

/**
 * /ad/adDropReport/historyReport (issue 28 item 3): every day of a range (the last 7 by default,
 * at most 90: the bar clamps and says so) from the day roll-up, days without events as zeros: the
 * totals as cards, the days as a chart (loaded lazily) and a table, and the export.
 */
export default function HistoryReportPage() {
  const t = useT();
  const initial = useMemo(() => initialFilterValues(FILTERS, new Date()), []);
  const [values, setValues] = useState<FilterValues>(initial);
  const [applied, setApplied] = useState<FilterValues>(initial);
  const params = useMemo(() => toQueryParams(FILTERS, applied), [applied]);
  const days = useAdReportDaysQuery(params);
  const exporter = useReportExport({
    code: `${AD_REPORT_MENUS.history}_export`,
    path: AD_REPORT_CALLS.exportDays,
    excelType: 'ad-history-report',
  });
  const rows = days.data?.days ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('adReport.history.title')}
        </Title>
        {exporter.allowed && (
          <ExportButton busy={exporter.busy} onClick={() => void exporter.run(params)} />
        )}
      </Group>
      <FilterBar
        filters={FILTERS}
        values={values}
        onChange={setValues}
        onSearch={() => setApplied(values)}
        onReset={() => {
          setValues(initial);
          setApplied(initial);
        }}
      />
      <RangeNote range={days.data?.range} />
      <Loadable
        loading={days.isFetching && !days.data}
        failed={days.isError}
        empty={rows.length === 0}
      >
        <SummaryCards sums={days.data?.sums} />
        <ChartBox
          title={t('adReport.chart.title')}
          points={rows.map((d) => ({ ...d, label: d.day.slice(5) }))}
        />
        <FigureTable
          rows={[...rows].reverse()}
          first={(d) => d.day}
          label={t('adReport.day')}
          caption={t('adReport.history.title')}
        />
      </Loadable>
      {exporter.dialog}
    </Stack>
  );
}
