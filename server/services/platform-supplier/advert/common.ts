import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ADVERT_REFUSALS, idsOf, isDay } from '../../../../src/contracts/platform-ad/advert.js';
import type { DB } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';
import { badRequest } from '../../../lib/errors.js';
import { blank, type TableCall } from '../../../lib/table/index.js';

/** A required 'yyyy-MM-dd' of a real day. */
export const dayInput = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z
      .string({ error: required })
      .min(1, required)
      .refine(isDay, { message: ADVERT_REFUSALS.date.zh }),
  );

/** A comma-joined id list (an array is joined): trimmed, without repeats; blank is absent. */
export const idListInput = (required?: string) =>
  z.preprocess(
    (v) => {
      const text = Array.isArray(v) ? v.join(',') : v;
      if (blank(text)) return undefined;
      return typeof text === 'string' ? [...new Set(idsOf(text))].join(',') || undefined : text;
    },
    required ? z.string({ error: required }).max(4000) : z.string().max(4000).optional(),
  );

type IdTable = 'bladeAdMaterial' | 'bladeAdPosition' | 'bladeParkLot';

/** The live rows of the caller's tenant among `ids` in `table`; any other id: 400 at `field`. */
export async function assertIds(
  call: Pick<TableCall, 'db' | 'user'>,
  table: IdTable,
  ids: readonly string[],
  field: string,
): Promise<void> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(ids)]))
    for (const r of await (call.db as Kysely<DB>)
      .selectFrom(table)
      .select('id')
      .where('tenantId', '=', call.user.tenantId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', part)
      .execute())
      found.add(r.id);
  if (ids.some((id) => !found.has(id)))
    throw badRequest(`${field}:${ADVERT_REFUSALS.idsUnknown.zh}`);
}
