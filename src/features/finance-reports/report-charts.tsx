import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Center, ColorSwatch, Group, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReportAnswer } from '../../contracts/platform-supplier/sup-order-report';
import { moneyText } from '../../contracts/money';
import type { Lang, MessageKey } from '../../i18n';
import { textWidth } from '../../resources/engine/column-widths';
import { useLang, useT } from '../../state/hooks';

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

/** Yuan as the tooltip shows it: separators and two decimals, from the decimal text. */
const yuan = (value: number) => moneyText(value) ?? String(value);

const compactFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * An axis tick (issue 25 item 10): compact, with thousands separators below the first unit —
 * zh in 万 and 亿 (1200000 -> '120万', 8000 -> '8,000'), en in K and M ('1.2M').
 */
export function compactAmount(value: number, lang: Lang): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en', {
      notation: 'compact',
      maximumFractionDigits: 1,
      useGrouping: true,
    });
    compactFormats.set(lang, format);
  }
  return format.format(value);
}

/** Ticks are 12 px text; recharts shifts the y axis's 10 px left of its edge. */
const TICK_SCALE = 12 / 14;
const TICK_SHIFT = 10;

/**
 * The value axis's width: room for its widest tick (the largest value, rounded up by recharts to
 * a nicer one: a quarter more is allowed for), so no label is cut at the chart's left edge.
 */
export function valueAxisWidth(values: readonly number[], lang: Lang): number {
  const top = Math.max(0, ...values.map(Math.abs));
  const widest = Math.max(
    ...[top, top * 1.25, -top].map((v) => textWidth(compactAmount(v, lang)) * TICK_SCALE),
  );
  return Math.max(40, Math.ceil(widest + TICK_SHIFT + 8));
}

/** The supplier axis of the bar chart is at most this wide; longer names end in '…'. */
const NAME_AXIS_MAX = 132;
/** Height per supplier bar pair (px), so every supplier keeps its label. */
const BAR_ROW = 30;

/** A supplier's name cut to the axis's width (the tooltip shows it whole). */
function fitName(name: string, room: number): string {
  if (textWidth(name) * TICK_SCALE <= room) return name;
  let cut = name;
  while (cut.length > 1 && textWidth(`${cut}…`) * TICK_SCALE > room) cut = cut.slice(0, -1);
  return `${cut}…`;
}

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
  strokeDasharray?: string;
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
            radius={s.strokeDasharray ? 2 : undefined}
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
 * The charts above a report (issue 18 item 5): amounts per day (or month) as lines and per
 * supplier as bars, from the answer's `chart` (grouped in SQL over every matching row, so they
 * follow the applied filters, not the page). Legends and titles in the UI language.
 *
 * Issue 25 item 10: lines are drawn (the area chart's lines sat in fragments, which recharts'
 * child lookup skipped with React 19's elements: package.json overrides recharts' react-is), 实收
 * solid and 成本 dashed so one shows where they cross, the value axis compact (万 / K, M) and as
 * wide as its widest tick, and every supplier labelled (bars across, one row each, the name cut
 * to the axis and whole in the tooltip).
 */
export function ReportCharts({ kind, answer, loading }: Props) {
  const t = useT();
  const lang = useLang();
  const series: Series[] = [
    { name: 'actualAmount', label: t('supplierReports.chart.actualAmount'), color: 'blue.6' },
    {
      name: 'costPrice',
      label: t('supplierReports.chart.costPrice'),
      color: 'orange.6',
      strokeDasharray: '6 4',
    },
  ];
  // A loader only before the first answer: a refetch keeps what is shown (no flashing).
  const waiting = loading && !answer;
  const byPeriod = answer?.chart.byPeriod ?? [];
  const bySupplier = answer?.chart.bySupplier ?? [];
  const tick = (value: number) => compactAmount(value, lang);
  const amounts = (points: readonly { actualAmount: number; costPrice: number }[]) =>
    points.flatMap((p) => [p.actualAmount, p.costPrice]);
  const nameRoom = Math.min(
    NAME_AXIS_MAX,
    Math.max(40, ...bySupplier.map((b) => Math.ceil(textWidth(b.supName) * TICK_SCALE))),
  );
  const barHeight = Math.max(CHART_HEIGHT, bySupplier.length * BAR_ROW + 30);
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
          <LineChart
            h={CHART_HEIGHT}
            data={byPeriod}
            dataKey="period"
            series={series}
            curveType="linear"
            connectNulls
            strokeWidth={2}
            dotProps={{ r: 2.5 }}
            activeDotProps={{ r: 4 }}
            valueFormatter={yuan}
            yAxisProps={{ width: valueAxisWidth(amounts(byPeriod), lang), tickFormatter: tick }}
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
            h={barHeight}
            data={bySupplier}
            dataKey="supName"
            orientation="vertical"
            series={series.map(({ strokeDasharray: _, ...s }) => s)}
            valueFormatter={yuan}
            xAxisProps={{ tickFormatter: tick }}
            yAxisProps={{
              width: nameRoom + TICK_SHIFT + 8,
              interval: 0,
              tickFormatter: (name: string) => fitName(name, nameRoom),
            }}
            tooltipAnimationDuration={0}
          />
        </ChartBox>
      </SimpleGrid>
    </div>
  );
}
