import { Center, Loader, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdCounts, AdFigures } from '../../contracts/platform-ad/ad-report';
import { groupDigits, moneyText } from '../../contracts/money';
import type { MessageKey } from '../../i18n';
import { lazyComponent } from '../../lib/lazy-component';
import { useT } from '../../state/hooks';
import type { ChartPoint } from './ad-report-chart';
import { CentredLoader } from '../../components/centred-loader';

/** The chart and @mantine/charts load with the first chart shown, never with a plain list. */
const AdReportChart = lazyComponent(
  () => import('./ad-report-chart'),
  () => <CentredLoader label="adReport.chart.loading" h={CHART_BOX_HEIGHT - 24} size="sm" />,
);
export const CHART_BOX_HEIGHT = 260;

/** A count with thousands separators. */
export const countText = (n: number) => groupDigits(String(Math.trunc(n)));
/** Yuan, 2 decimals, thousands separators. */
export const yuanText = (v: number) => moneyText(v) ?? String(v);
/** A percent with 2 decimals. */
export const ctrText = (v: number) => `${v.toFixed(2)}%`;

type Key = keyof AdFigures;
const FIGURES: readonly { key: Key; label: MessageKey; text: (v: number) => string }[] = [
  { key: 'impressions', label: 'adReport.impressions', text: countText },
  { key: 'clicks', label: 'adReport.clicks', text: countText },
  { key: 'ctr', label: 'adReport.ctr', text: ctrText },
  { key: 'conversions', label: 'adReport.conversions', text: countText },
  { key: 'cost', label: 'adReport.cost', text: yuanText },
  { key: 'share', label: 'adReport.share', text: yuanText },
];
const figuresOf = (withShare: boolean) => FIGURES.filter((f) => withShare || f.key !== 'share');

/** The summary cards: the totals of the filters (the server's sums over every row). */
export function SummaryCards({ sums }: { sums: AdCounts | AdFigures | undefined }) {
  const t = useT();
  if (!sums) return null;
  const shown = figuresOf('share' in sums);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: shown.length }}
      spacing="sm"
      mb="sm"
      role="group"
      aria-label={t('adReport.cards')}
    >
      {shown.map((f) => (
        <Paper key={f.key} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {t(f.label)}
          </Text>
          <Text fw={600} size="lg" data-figure={f.key}>
            {f.text((sums as AdFigures)[f.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Loading, failure or empty, else the children. */
export function Loadable({
  loading,
  failed,
  empty,
  children,
  h = 120,
}: {
  loading: boolean;
  failed?: boolean;
  empty: boolean;
  children: ReactNode;
  h?: number;
}) {
  const t = useT();
  if (loading)
    return (
      <Center h={h}>
        <Loader size="sm" aria-label={t('adReport.loading')} />
      </Center>
    );
  if (failed)
    return (
      <Center h={h}>
        <Text c="red">{t('adReport.failed')}</Text>
      </Center>
    );
  if (empty)
    return (
      <Center h={h}>
        <Text c="dimmed">{t('adReport.empty')}</Text>
      </Center>
    );
  return <>{children}</>;
}

/** Rows of figures under a first column (a day, a minute, a plan), in a plain table. */
export function FigureTable<R extends AdCounts>({
  rows,
  first,
  label,
  caption,
}: {
  rows: readonly R[];
  first: (row: R) => string;
  label: string;
  caption: string;
}) {
  const t = useT();
  const shown = figuresOf(rows.length > 0 && 'share' in rows[0]!);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            {shown.map((f) => (
              <Table.Th key={f.key} style={{ textAlign: 'right' }}>
                {t(f.label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={first(row)}>
              <Table.Td>{first(row)}</Table.Td>
              {shown.map((f) => (
                <Table.Td key={f.key} style={{ textAlign: 'right' }}>
                  {f.text((row as unknown as AdFigures)[f.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The lazily loaded chart in a box of fixed height (the page does not jump). */
export function ChartBox({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  return (
    <Paper withBorder p="sm" mb="sm" mih={CHART_BOX_HEIGHT}>
      <AdReportChart title={title} points={points} />
    </Paper>
  );
}

/** Column cells of the declared lists: counts, CTR and yuan as the cards show them. */
export const figureColumns = [
  {
    field: 'impressions',
    width: 110,
    cell: ({ row }: { row: AdFigures }) => countText(row.impressions),
  },
  { field: 'clicks', width: 100, cell: ({ row }: { row: AdFigures }) => countText(row.clicks) },
  { field: 'ctr', width: 100, cell: ({ row }: { row: AdFigures }) => ctrText(row.ctr) },
  {
    field: 'conversions',
    width: 100,
    cell: ({ row }: { row: AdFigures }) => countText(row.conversions),
  },
  { field: 'cost', width: 130 },
  { field: 'share', width: 130 },
] as const;
