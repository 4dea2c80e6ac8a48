import { ResourceScreen } from '../../resources/engine/resource-screen';
import { transactionReport } from './ad-report-resources';
import { SummaryCards } from './figures';
import { pageOf, RangeNote } from './report-parts';

/**
 * /ad/adDropReport/adTransactionResults (issue 28 item 3): per plan and day, cost and
 * conversions (with the other figures), filtered by plan, advertiser and days, exported.
 */
export default function TransactionPage() {
  return (
    <ResourceScreen
      def={transactionReport}
      aboveTable={({ data }) => {
        const page = pageOf(data);
        return (
          <>
            <RangeNote range={page?.range} />
            <SummaryCards sums={page?.sums} />
          </>
        );
      }}
    />
  );
}
