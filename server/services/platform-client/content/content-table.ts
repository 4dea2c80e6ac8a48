import { clientContentContract } from '../../../../src/contracts/platform-client/client-content.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { assertLink, assertPictures, pictureIds, picturesOf, storedIds } from './article.js';

interface Stored {
  thumbnails: string | null;
}

/** Thumbnails as the wire has them (comma-joined ids) and the first one's address. */
export async function presentContents<R extends Stored>(call: TableCall, rows: R[]) {
  const ids = rows.flatMap((r) => storedIds(r.thumbnails));
  const pictures = await picturesOf(call.db, call.user.tenantId, ids);
  return rows.map((r) => {
    const own = storedIds(r.thumbnails);
    const first = own.map((id) => pictures.get(id)).find((p) => p !== undefined);
    return { ...r, thumbnails: own.join(','), cover: first?.link ?? '' };
  });
}

/**
 * `${CLIENT_SERVICE}/content/management` (issue 27 item 9): the contents of the caller's tenant,
 * pinned first, then by sort order, newest first. The engine serves query/list, detail, add
 * and delete (GET, logic delete); routes.ts serves update (the same checks, an id required),
 * link/types, batch/import and download/template.
 */
export default defineContractTable({
  contract: clientContentContract,
  table: 'bladeClientContent',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { pinned: 'desc', sort: 'asc', createTime: 'desc', id: 'desc' },
  fieldInputs: { thumbnails: pictureIds },
  toRow: ({ thumbnails, ...rest }) => ({
    ...rest,
    thumbnails: thumbnails ? JSON.stringify(thumbnails.split(',')) : null,
  }),
  beforeSave: async (call, input) => {
    assertLink(input);
    const ids = input.thumbnails ? input.thumbnails.split(',') : [];
    await assertPictures(call.db, call.user.tenantId, ids, 'thumbnails');
  },
  decorate: presentContents,
});
