import type { ComponentType } from 'react';
import { parkLotContract, type ParkLot } from '../../contracts/platform-parking/park-lot';
import { defineContractResource } from '../contract-resource';
import type { ActionDialogProps } from '../types';

type Dialog = ComponentType<ActionDialogProps<ParkLot>>;
const dialogs = () => import('./park-lot-dialogs');
/** One named dialog of park-lot-dialogs.tsx, loaded on first use. */
const dialog =
  (pick: (m: Awaited<ReturnType<typeof dialogs>>) => Dialog) => (): Promise<{ default: Dialog }> =>
    dialogs().then((m) => ({ default: pick(m) }));

/**
 * 停车场管理: the engine's worked example (docs/add-a-resource.md). The contract names the
 * calls, the choice, the switch, the region and the supplier reference; this says only what
 * the screen shows and in what order.
 */
export default defineContractResource({
  contract: parkLotContract,
  paging: 'generic',
  columns: [
    { field: 'lotCode', width: 120 },
    { field: 'lotName', width: 200 },
    { field: 'regionName', width: 200 },
    { field: 'address', width: 200, hiddenByDefault: true },
    { field: 'spaces', kind: 'number', width: 90 },
    { field: 'operator', width: 110 },
    { field: 'supName', width: 160 },
    { field: 'enabled', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['lotCode', 'lotName', 'operator', 'supId', 'enabled'],
  form: { address: { wide: true } },
  rowActions: [
    {
      id: 'paySetting',
      label: { zh: '支付设置', en: 'Pay settings' },
      permission: 'parking_lot_pay_setting',
      dialog: dialog((m) => m.ParkPaySettingDialog),
    },
    {
      id: 'authCode',
      label: { zh: '授权码', en: 'Auth codes' },
      permission: parkLotContract.menu,
      readsOnly: true,
      when: (lot) => !!lot.supId,
      dialog: dialog((m) => m.ParkAuthCodeDialog),
    },
  ],
  toolbarActions: [
    {
      id: 'import',
      label: { zh: '导入', en: 'Import' },
      permission: 'parking_lot_import',
      selection: 'none',
      dialog: dialog((m) => m.ParkLotImportDialog),
    },
    {
      id: 'load',
      label: { zh: '同步数据', en: 'Load data' },
      permission: 'parking_lot_load',
      selection: 'none',
      dialog: dialog((m) => m.ParkLotLoadDialog),
    },
  ],
  recordLabel: (lot) => `${lot.lotName}（${lot.lotCode}）`,
});
