import '@mantine/charts/styles.layer.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Center, ColorSwatch, Group, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReportAnswer } from '../../contracts/platform-supplier/sup-order-report';
import { formatYuan, parseYuan } from '../../contracts/money';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';

/** The charts' fixed height (px): the page does not jump as data arrives. */
export const CHART_HEIGHT = 220;

export type ChartKind = 'project' | 'sale' | 'saleReturn';

const TITLES: Record<ChartKind, { period: MessageKey; supplier: MessageKey }> = {
  project: {
    period: 'supplierReports.chart.byPeriod.project',
    supplier: 'supplierReports.chart.bySupplier.project',
  },
  sale: {
    period: 'supplierReports.chart.byPeriod.sale',
    supplier: 'supplierReports.chart.bySupplier.sale',
  },
  saleReturn: {
    period: 'supplierReports.chart.byPeriod.saleReturn',
    supplier: 'supplierReports.chart.bySupplier.saleReturn',
  },
};

/** Yuan as the axis and tooltip show it: two decimals, from the decimal text (no float maths). */
const yuan = (value: number) => {
  const fen = parseYuan(value);
  return fen === undefined ? String(value) : formatYuan(fen);
};

interface Props {
  kind: ChartKind;
  /** The report page's answer (its `chart` and `range`), undefined before the first one. */
  answer: Pick<ReportAnswer<unknown>, 'chart' | 'range'> | undefined;
  loading: boolean;
}

interface Series {
  name: string;
  label: string;
  color: string;
}

/**
 * The series' legend, drawn here rather than by recharts (whose legend waits for a measured
 * layout): a swatch and the label in the UI language per series.
 */
function Legend({ series }: { series: readonly Series[] }) {
  return (
    <Group gap="md" justify="center" mt={4}>
      {series.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <ColorSwatch
            color={`var(--mantine-color-${s.color.replace('.', '-')})`}
            size={12}
            withShadow={false}
          />
          <Text size="xs">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** One chart box: a title, then the chart, the empty state or a loader, all at a fixed height. */
function ChartBox({
  title,
  series,
  empty,
  loading,
  children,
}: {
  title: string;
  series: readonly Series[];
  empty: boolean;
  loading: boolean;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <Paper withBorder p="sm" component="figure" m={0} aria-label={title}>
      <Title order={2} size="h6" component="figcaption" mb="xs">
        {title}
      </Title>
      {empty ? (
        <Center h={CHART_HEIGHT}>
          {loading ? (
            <Loader size="sm" aria-label={t('supplierReports.chart.loading')} />
          ) : (
            <Text c="dimmed" size="sm">
              {t('supplierReports.chart.empty')}
            </Text>
          )}
        </Center>
      ) : (
        children
      )}
      <Legend series={series} />
    </Paper>
  );
}

/**
 * The charts above a report (issue 18 item 5): amounts per day (or month) as an area chart and
 * per supplier as bars, from the answer's `chart` (grouped in SQL over every matching row, so
 * they follow the applied filters, not the page). Legends and titles in the UI language.
 */
export function ReportCharts({ kind, answer, loading }: Props) {
  const t = useT();
  const series: Series[] = [
    { name: 'actualAmount', label: t('supplierReports.chart.actualAmount'), color: 'blue.6' },
    { name: 'costPrice', label: t('supplierReports.chart.costPrice'), color: 'orange.6' },
  ];
  // A loader only before the first answer: a refetch keeps what is shown (no flashing).
  const waiting = loading && !answer;
  const byPeriod = answer?.chart.byPeriod ?? [];
  const bySupplier = answer?.chart.bySupplier ?? [];
  return (
    <div>
      {answer && (
        <Text size="xs" c="dimmed" mb={4}>
          {t('supplierReports.chart.range', { start: answer.range.start, end: answer.range.end })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartBox
          title={t(TITLES[kind].period)}
          series={series}
          empty={byPeriod.length === 0}
          loading={waiting}
        >
          <AreaChart
            h={CHART_HEIGHT}
            data={byPeriod}
            dataKey="period"
            series={series}
            curveType="linear"
            valueFormatter={yuan}
            tooltipAnimationDuration={0}
          />
        </ChartBox>
        <ChartBox
          title={t(TITLES[kind].supplier)}
          series={series}
          empty={bySupplier.length === 0}
          loading={waiting}
        >
          <BarChart
            h={CHART_HEIGHT}
            data={bySupplier}
            dataKey="supName"
            series={series}
            valueFormatter={yuan}
            tooltipAnimationDuration={0}
          />
        </ChartBox>
      </SimpleGrid>
    </div>
  );
}
