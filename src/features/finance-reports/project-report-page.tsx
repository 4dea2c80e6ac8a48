import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import type { ReportAnswer } from '../../contracts/platform-supplier/sup-order-report';
import { ResourceScreen } from '../../resources/engine/resource-screen';
import { ORDER_REPORT_TABS } from '../../resources/platform-supplier/sup-order-report';
import { PROJECT_MARGIN_TAB } from '../../resources/platform-finance/project-margin';
import { useLang, useT } from '../../state/hooks';
import { ReportCharts } from './report-charts';

const isAnswer = (data: unknown): data is ReportAnswer<unknown> =>
  typeof data === 'object' &&
  data !== null &&
  'chart' in data &&
  'range' in data &&
  typeof (data as { chart: unknown }).chart === 'object';

/** The supplier reports, then the client side (issue 28: 项目毛利, no chart). */
const TABS = [...ORDER_REPORT_TABS, PROJECT_MARGIN_TAB];

/**
 * /finance/project-reportList (issue 18 item 5): the supplier order reports as tabs — 项目报表,
 * 销售汇总, 退货汇总, 销售明细, 退货明细 — each a declared list (resources/platform-supplier/
 * sup-order-report.ts) with its filters, export and the server's sums in the footer, and the
 * charts drawn from the same answer above the table. A tab's list is mounted on its first visit
 * and kept (its filters survive switching); arrow keys move between the tabs.
 */
export default function ProjectReportPage() {
  const t = useT();
  const lang = useLang();
  const [active, setActive] = useState<string>(ORDER_REPORT_TABS[0]!.kind);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([active]));
  const choose = (value: string | null) => {
    if (!value) return;
    setActive(value);
    setVisited((seen) => (seen.has(value) ? seen : new Set([...seen, value])));
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('supplierReports.title')}
      </Title>
      <Tabs value={active} onChange={choose} keepMounted>
        <Tabs.List aria-label={t('supplierReports.tabs')}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.kind} value={tab.kind}>
              {tab.def.title[lang]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.kind} value={tab.kind} pt="md">
            {visited.has(tab.kind) && (
              <ResourceScreen
                def={tab.def}
                route={tab.route}
                embedded
                aboveTable={({ data, loading }) =>
                  'chart' in tab && (
                    <ReportCharts
                      kind={tab.chart}
                      answer={isAnswer(data) ? data : undefined}
                      loading={loading}
                    />
                  )
                }
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
