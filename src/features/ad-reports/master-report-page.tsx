import type { MasterReportRow } from '../../contracts/platform-ad/ad-report';
import { useT } from '../../state/hooks';
import { masterReport } from './ad-report-resources';
import { ChosenRowReport, MasterPlans } from './report-parts';

/**
 * /ad/advertisingStatus/webmasterReport (issue 28 item 3): the flow masters' figures over the
 * chosen days, the totals as cards above them, and a chosen master's plans.
 */
export default function MasterReportPage() {
  const t = useT();
  return (
    <ChosenRowReport<MasterReportRow>
      def={masterReport}
      chooseText={t('adReport.master.choose')}
      detail={(master, range, close) => (
        <MasterPlans master={master} range={range} onClose={close} />
      )}
    />
  );
}
