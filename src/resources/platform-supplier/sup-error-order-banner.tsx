import { Alert } from '@mantine/core';
import { useResourceOptionsQuery } from '../../api/resource';
import {
  WARNING_GET,
  type ErrorOrderWarningState,
} from '../../contracts/platform-supplier/sup-error-order';
import { useT } from '../../state/hooks';

/**
 * Above the error orders: a warning while the open error orders have reached the threshold of
 * the warning settings (warning/getWarning; reloaded after every error-order write).
 */
export function ErrorOrderBanner() {
  const t = useT();
  const { data } = useResourceOptionsQuery({ path: WARNING_GET });
  const state = data as ErrorOrderWarningState | undefined;
  if (!state?.over) return null;
  return (
    <Alert color="orange" role="status">
      {t('supplierOrders.warning.banner', { count: state.openCount, threshold: state.threshold })}
    </Alert>
  );
}
