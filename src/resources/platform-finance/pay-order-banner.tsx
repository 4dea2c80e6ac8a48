import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../state/hooks';
import { lazyComponent } from '../../lib/lazy-component';

/** The chart and @mantine/charts load only when it is first shown, on this screen only. */
const PayOrderChart = lazyComponent(() => import('./pay-order-chart'));

/** Above the pay orders: 显示日趋势 opens the day chart (amount and count per day). */
export function PayOrderChartBanner() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Group justify="flex-end">
        <Button size="xs" variant="subtle" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {t(open ? 'finance.chart.hide' : 'finance.chart.show')}
        </Button>
      </Group>
      {open && <PayOrderChart />}
    </div>
  );
}
