import { Paper, Text } from '@mantine/core';
import { useState } from 'react';
import type { StatementRow } from '../../contracts/platform-client/statement';
import { lazyComponent } from '../../lib/lazy-component';
import { ResourceScreen } from '../../resources/engine/resource-screen';
import { statements } from '../../resources/platform-client/statement';
import type { ResourceDef } from '../../resources/types';
import { useT } from '../../state/hooks';
import { CentredLoader } from '../../components/centred-loader';

/** The chart and its library (@mantine/charts) load with the first row chosen. */
const StatementChart = lazyComponent(
  () => import('./statement-chart'),
  () => <CentredLoader label="statement.chart.loading" h={CHART_BOX_HEIGHT - 24} size="sm" />,
);
export const CHART_BOX_HEIGHT = 300;

/**
 * /access/statements (issue 27 item 8): the statement rows (a declared list: filters, sums over
 * every row, the export into the export centre) and, above them, the chosen row's month per day.
 * A row is chosen by clicking it or with Enter on it.
 */
export default function StatementPage() {
  const t = useT();
  const [chosen, setChosen] = useState<StatementRow>();
  return (
    <ResourceScreen
      def={statements as unknown as ResourceDef}
      onRowOpen={(row) => setChosen(row as unknown as StatementRow)}
      aboveTable={() => (
        <Paper withBorder p="sm" mb="sm" mih={chosen ? CHART_BOX_HEIGHT : undefined}>
          {chosen ? (
            <StatementChart row={chosen} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('statement.chart.choose')}
            </Text>
          )}
        </Paper>
      )}
    />
  );
}
