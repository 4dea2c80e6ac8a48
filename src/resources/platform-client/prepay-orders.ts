import {
  PREPAY_CHANGE_FILE_CODE,
  prepayChangeContract,
  prepayRefundContract,
  prepayUseContract,
  type PrepayOrder,
} from '../../contracts/platform-client/prepay-order';
import { defineContractResource } from '../contract-resource';
import type { ActionDef } from '../types';

/**
 * The prepay orders (issue 27 item 2): three lists of the one ledger, newest first, the page's
 * amounts summed; the change orders hand out their vouchers.
 */
const orders = (
  contract: typeof prepayChangeContract,
  shown: { sourceNo?: true; fileName?: true },
  rowActions: readonly ActionDef<PrepayOrder>[] = [],
) =>
  defineContractResource({
    contract,
    paging: 'generic',
    columns: [
      { field: 'createTime', width: 170 },
      { field: 'appName', width: 160 },
      { field: 'clientName', width: 160 },
      { field: 'changeType', width: 110 },
      ...(shown.sourceNo ? [{ field: 'sourceNo' as const, width: 200 }] : []),
      { field: 'amount', width: 130 },
      { field: 'balanceAfter', width: 130 },
      { field: 'reason', width: 200 },
      ...(shown.fileName ? [{ field: 'fileName' as const, width: 160 }] : []),
      { field: 'createUserName', width: 110 },
    ],
    filters: [
      'appId',
      'clientId',
      'changeType',
      ...(shown.sourceNo ? (['sourceNo'] as const) : []),
      'createTime',
    ],
    sums: ['amount'],
    rowActions,
    recordLabel: (row) => `${row.appName} ${row.createTime}`,
  });

export const changeOrders = orders(prepayChangeContract, { fileName: true }, [
  {
    id: 'file',
    label: { zh: '凭证', en: 'Voucher' },
    permission: PREPAY_CHANGE_FILE_CODE,
    readsOnly: true,
    when: (row) => !!row.fileName,
    dialog: () => import('./prepay-change-file'),
  },
]);
export const useOrders = orders(prepayUseContract, { sourceNo: true });
export const refundOrders = orders(prepayRefundContract, { sourceNo: true });
