import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AD_REPORT_CALLS, AD_REPORT_MENUS } from '../../contracts/platform-ad/ad-report';
import { useT } from '../../state/hooks';
import { useAdReportTimesQuery } from './ad-report-api';
import { ChartBox, FigureTable, Loadable, SummaryCards } from './figures';
import { ExportButton } from './report-parts';
import { useReportExport } from './use-report-export';

/** How often the page asks again while it is visible. */
export const REALTIME_REFRESH_MS = 10_000;

const visible = () => document.visibilityState === 'visible';
const clock = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/**
 * /ad/adDropReport/realTimeReport (issue 28 item 3): the last hour per minute from the minute
 * roll-up (POST times), as a chart and a table, asked again every 10 s while the page is visible
 * (document.visibilityState; nothing while hidden, at once when shown again), with the time of the
 * last answer and a refresh button.
 */
export default function RealtimeReportPage() {
  const t = useT();
  const [shown, setShown] = useState(visible);
  const times = useAdReportTimesQuery({});
  const { refetch } = times;
  useEffect(() => {
    const onChange = () => {
      setShown(visible());
      if (visible()) void refetch();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [refetch]);
  useEffect(() => {
    if (!shown) return;
    // A live report read again while shown, not a job that ends: no task to follow.
    // eslint-disable-next-line no-restricted-syntax
    const timer = setInterval(() => {
      if (visible()) void refetch();
    }, REALTIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, [shown, refetch]);
  const exporter = useReportExport({
    code: `${AD_REPORT_MENUS.realtime}_export`,
    path: AD_REPORT_CALLS.exportTimes,
    excelType: 'ad-realtime-report',
  });
  const minutes = times.data?.minutes ?? [];
  const at = times.fulfilledTimeStamp;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('adReport.realtime.title')}
        </Title>
        <Group gap="sm">
          {at !== undefined && (
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {t('adReport.realtime.updatedAt', { time: clock(at) })}
            </Text>
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={times.isFetching}
            onClick={() => void refetch()}
          >
            {t('adReport.realtime.refresh')}
          </Button>
          {exporter.allowed && (
            <ExportButton busy={exporter.busy} onClick={() => void exporter.run({})} />
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t(shown ? 'adReport.realtime.auto' : 'adReport.realtime.paused')}
      </Text>
      <Loadable loading={times.isLoading} failed={times.isError && !times.data} empty={!times.data}>
        <SummaryCards sums={times.data?.sums} />
        <ChartBox
          title={t('adReport.chart.minutes')}
          points={minutes.map((m) => ({ ...m, label: m.minute.slice(11) }))}
        />
        <FigureTable
          rows={[...minutes].reverse()}
          first={(m) => m.minute}
          label={t('adReport.minute')}
          caption={t('adReport.realtime.title')}
        />
      </Loadable>
      {exporter.dialog}
    </Stack>
  );
}
