import {
  isTaxNo,
  parkInvoiceSettingContract,
  TAX_NO_MESSAGE,
} from '../../../../src/contracts/platform-parking/park-invoice-setting.js';
import { badRequest } from '../../../lib/errors.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * The lots' invoice settings (/business/invoice/invoiceSetting) under the lot's service:
 * listInvoiceSetting, invoiceSetting (submit: one live setting per lot, 409 for a second),
 * removeInvoiceSetting; getInvoiceSetting (?lotId= or ?id=) is served by settings/routes.ts.
 * The tax number's pattern is the contract's; its check character is checked here.
 */
export default defineContractTable({
  contract: parkInvoiceSettingContract,
  table: 'bladeParkInvoiceSetting',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  own: ['detail'],
  beforeSave: async (_call, input) => {
    if (!isTaxNo(input.taxNo)) throw badRequest(`taxNo:${TAX_NO_MESSAGE.zh}`);
  },
});
