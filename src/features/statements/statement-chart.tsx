import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Center, Loader, Text } from '@mantine/core';
import { useResourceOptionsQuery } from '../../api/resource';
import { moneyText } from '../../contracts/money';
import {
  STATEMENT,
  STATEMENT_CALLS,
  type StatementDaily,
  type StatementRow,
} from '../../contracts/platform-client/statement';
import { useLang, useT } from '../../state/hooks';
import { ChartFigure } from '../../components/chart-figure';
import { compactAmount, valueAxisWidth } from '../finance-reports/report-charts';

const HEIGHT = 220;
const yuan = (value: number) => moneyText(value) ?? String(value);

/**
 * One app's month per day (GET statement/daily): amounts as lines (ordered, succeeded, returned,
 * net) and counts as bars (orders, succeeded, failed, returns), days as 1..31, in the UI language.
 */
export default function StatementChart({ row }: { row: StatementRow }) {
  const t = useT();
  const lang = useLang();
  const daily = useResourceOptionsQuery({
    path: `${STATEMENT}/${STATEMENT_CALLS.daily}`,
    params: { appId: row.appId, month: row.month },
  });
  const answer = daily.data as StatementDaily | undefined;
  const title = t('statement.chart.title', { app: row.appName, month: row.month });
  if (!answer || daily.isFetching)
    return (
      <Center h={HEIGHT}>
        {daily.isError ? (
          <Text c="red">{t('statement.chart.failed')}</Text>
        ) : (
          <Loader size="sm" aria-label={t('statement.chart.loading')} />
        )}
      </Center>
    );
  const points = answer.days.map((d) => ({ ...d, day: d.day.slice(8) }));
  const amounts = [
    { name: 'orderAmount', label: t('statement.chart.orderAmount'), color: 'blue.6' },
    { name: 'successAmount', label: t('statement.chart.successAmount'), color: 'green.6' },
    { name: 'returnAmount', label: t('statement.chart.returnAmount'), color: 'orange.6' },
    { name: 'netAmount', label: t('statement.chart.netAmount'), color: 'grape.6' },
  ];
  const counts = [
    { name: 'orderCount', label: t('statement.chart.orderCount'), color: 'blue.6' },
    { name: 'successCount', label: t('statement.chart.successCount'), color: 'green.6' },
    { name: 'failCount', label: t('statement.chart.failCount'), color: 'red.6' },
    { name: 'returnCount', label: t('statement.chart.returnCount'), color: 'orange.6' },
  ];
  const values = points.flatMap((p) => amounts.map((s) => p[s.name as 'orderAmount']));
  return (
    <ChartFigure title={title}>
      <LineChart
        h={HEIGHT}
        data={points}
        dataKey="day"
        series={amounts}
        curveType="linear"
        withLegend
        valueFormatter={yuan}
        yAxisProps={{
          width: valueAxisWidth(values, lang),
          tickFormatter: (v: number) => compactAmount(v, lang),
        }}
        tooltipAnimationDuration={0}
      />
      <BarChart
        h={HEIGHT}
        data={points}
        dataKey="day"
        series={counts}
        withLegend
        tooltipAnimationDuration={0}
      />
    </ChartFigure>
  );
}
