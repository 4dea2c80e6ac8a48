import type { PlanReportRow } from '../../contracts/platform-ad/ad-report';
import { useT } from '../../state/hooks';
import { planReport } from './ad-report-resources';
import { ChosenRowReport, PlanDays } from './report-parts';

/**
 * /ad/advertisingStatus/planReport (issue 28 item 3): the plans with budget, spend, state and
 * figures over the chosen days, the totals as cards, and a chosen plan's days as a chart (the
 * chart's code loads with the first plan chosen).
 */
export default function PlanReportPage() {
  const t = useT();
  return (
    <ChosenRowReport<PlanReportRow>
      def={planReport}
      chooseText={t('adReport.plan.choose')}
      detail={(plan, range) => <PlanDays plan={plan} range={range} />}
    />
  );
}
