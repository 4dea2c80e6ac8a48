import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Center, Loader, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useResourceOptionsQuery } from '../../api/resource';
import { moneyText } from '../../contracts/money';
import {
  PAY_ORDER,
  PAY_ORDER_CALLS,
  PAY_ORDER_MAX_DAYS,
  type PayOrderDay,
} from '../../contracts/platform-finance/pay-order';
import { ChartFigure } from '../../components/chart-figure';
import { useT } from '../../state/hooks';

const HEIGHT = 200;

/** GET pay-order/day-report over the last 31 days: amount as a line, count as bars. */
export default function PayOrderChart() {
  const t = useT();
  const start = dayjs()
    .subtract(PAY_ORDER_MAX_DAYS - 1, 'day')
    .format('YYYY-MM-DD');
  const answer = useResourceOptionsQuery({
    path: `${PAY_ORDER}/${PAY_ORDER_CALLS.dayReport}`,
    params: { createTime_datege: `${start} 00:00:00` },
  });
  const days = answer.data as PayOrderDay[] | undefined;
  if (!days)
    return (
      <Center h={HEIGHT}>
        {answer.isError ? (
          <Text c="red">{t('finance.chart.failed')}</Text>
        ) : (
          <Loader size="sm" aria-label={t('finance.chart.loading')} />
        )}
      </Center>
    );
  const title = t('finance.chart.title', { days: PAY_ORDER_MAX_DAYS });
  if (days.length === 0) return <Text c="dimmed">{t('finance.chart.empty')}</Text>;
  const points = days.map((d) => ({ ...d, day: d.day.slice(5) }));
  return (
    <ChartFigure title={title}>
      <LineChart
        h={HEIGHT}
        data={points}
        dataKey="day"
        series={[{ name: 'amount', label: t('finance.chart.amount'), color: 'blue.6' }]}
        curveType="linear"
        valueFormatter={(v: number) => moneyText(v) ?? String(v)}
        tooltipAnimationDuration={0}
      />
      <BarChart
        h={HEIGHT}
        data={points}
        dataKey="day"
        series={[{ name: 'count', label: t('finance.chart.count'), color: 'teal.6' }]}
        tooltipAnimationDuration={0}
      />
    </ChartFigure>
  );
}
