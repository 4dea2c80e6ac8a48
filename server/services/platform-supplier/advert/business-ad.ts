import { ADVERT_REFUSALS } from '../../../../src/contracts/platform-ad/advert.js';
import { businessAdContract } from '../../../../src/contracts/platform-ad/business-ad.js';
import { badRequest } from '../../../lib/errors.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { dayInput } from './common.js';

const { fields } = businessAdContract;

/** `advert/business-ad` (/business/advertising-lis): declared; the period checked. */
export const businessAdTable = defineContractTable({
  contract: businessAdContract,
  table: 'bladeAdBusiness',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: {
    startDate: dayInput(fields.startDate.required.zh),
    endDate: dayInput(fields.endDate.required.zh),
  },
  beforeSave: async (_call, input) => {
    if (input.endDate < input.startDate) throw badRequest(`endDate:${ADVERT_REFUSALS.period.zh}`);
  },
});
