import '@mantine/charts/styles.layer.css';
import { LineChart } from '@mantine/charts';
import { moneyText } from '../../contracts/money';
import { useLang, useT } from '../../state/hooks';
import { ChartFigure } from '../../components/chart-figure';
import { compactAmount, valueAxisWidth } from '../finance-reports/report-charts';

const HEIGHT = 200;

/** One point of the chart: its axis label and the counted figures (cost in yuan). */
export interface ChartPoint {
  label: string;
  impressions: number;
  clicks: number;
  conversions: number;
  cost: number;
}

/**
 * The ad reports' chart (loaded with lazyComponent, @mantine/charts only here): the counts as lines
 * and the cost as a line beside them, in the UI language.
 */
export default function AdReportChart({
  title,
  points,
}: {
  title: string;
  points: readonly ChartPoint[];
}) {
  const t = useT();
  const lang = useLang();
  const counts = [
    { name: 'impressions', label: t('adReport.impressions'), color: 'blue.6' },
    { name: 'clicks', label: t('adReport.clicks'), color: 'green.6' },
    { name: 'conversions', label: t('adReport.conversions'), color: 'grape.6' },
  ];
  const cost = [{ name: 'cost', label: t('adReport.cost'), color: 'orange.6' }];
  const tick = (v: number) => compactAmount(v, lang);
  const data = points.map((p) => ({ ...p }));
  return (
    <ChartFigure title={title}>
      <LineChart
        h={HEIGHT}
        data={data}
        dataKey="label"
        series={counts}
        curveType="linear"
        withLegend
        withDots={points.length <= 31}
        yAxisProps={{
          width: valueAxisWidth(
            points.map((p) => p.impressions),
            lang,
          ),
          tickFormatter: tick,
        }}
        tooltipAnimationDuration={0}
      />
      <LineChart
        h={HEIGHT}
        data={data}
        dataKey="label"
        series={cost}
        curveType="linear"
        withLegend
        withDots={points.length <= 31}
        valueFormatter={(v: number) => moneyText(v) ?? String(v)}
        yAxisProps={{
          width: valueAxisWidth(
            points.map((p) => p.cost),
            lang,
          ),
          tickFormatter: tick,
        }}
        tooltipAnimationDuration={0}
      />
    </ChartFigure>
  );
}
