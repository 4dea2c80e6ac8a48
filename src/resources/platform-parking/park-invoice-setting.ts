import { parkInvoiceSettingContract } from '../../contracts/platform-parking/park-invoice-setting';
import { defineContractResource } from '../contract-resource';

/**
 * 开票设置: the lots with an invoice setting; 新增 picks a lot without one (a second is refused
 * at the field), 编辑 changes it. The tax number's form and check character are the server's.
 */
export default defineContractResource({
  contract: parkInvoiceSettingContract,
  paging: 'generic',
  columns: [
    { field: 'lotName', width: 200 },
    { field: 'sellerName', width: 220 },
    { field: 'taxNo', width: 190 },
    { field: 'invoiceType', width: 130 },
    { field: 'provider', width: 110 },
    { field: 'contactName', width: 100, hiddenByDefault: true },
    { field: 'contactPhone', width: 130, hiddenByDefault: true },
    { field: 'enabled', width: 80 },
    { field: 'updateTime', width: 170 },
  ],
  filters: ['lotId', 'sellerName', 'invoiceType', 'provider', 'enabled'],
  recordLabel: (s) => `${s.lotName}（${s.sellerName}）`,
});
