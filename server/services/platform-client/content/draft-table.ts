import type { Kysely } from 'kysely';
import { clientDraftLifecycle } from '../../../../machines/lifecycles/client-draft-machine.js';
import {
  clientDraftContract,
  type DraftThumbnail,
} from '../../../../src/contracts/platform-client/client-draft.js';
import type { DB } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { chunks } from '../../../lib/chunks.js';
import { assertLink, picturesOf } from './article.js';

/** The caller's live draft, if there is one. */
export const findDraft = (db: Kysely<DB>, tenantId: string, id: string) =>
  db
    .selectFrom('bladeClientDraft')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();

/** The caller's live draft, or 404. */
export async function draftOf(db: Kysely<DB>, tenantId: string, id: string) {
  const row = await findDraft(db, tenantId, id);
  if (!row) throw notFound();
  return row;
}

/** The draft's content may change (drafts and rejected ones), else 409 naming its state. */
export const assertEditable = (state: string) =>
  transitionOrConflict(clientDraftLifecycle, state, 'edit');

/** The thumbnails of drafts, in their order, with their pictures' names and addresses. */
export async function thumbnailsOf(
  db: Kysely<DB>,
  tenantId: string,
  draftIds: readonly string[],
): Promise<Map<string, DraftThumbnail[]>> {
  const rows = [];
  for (const part of chunks([...new Set(draftIds)]))
    rows.push(
      ...(await db
        .selectFrom('bladeClientDraftThumbnail')
        .select(['id', 'draftId', 'picId', 'sort'])
        .where('tenantId', '=', tenantId)
        .where('draftId', 'in', part)
        .orderBy('sort')
        .orderBy('id')
        .execute()),
    );
  const pictures = await picturesOf(
    db,
    tenantId,
    rows.map((r) => r.picId),
  );
  const out = new Map<string, DraftThumbnail[]>(draftIds.map((id) => [id, []]));
  for (const r of rows) {
    const picture = pictures.get(r.picId);
    // A picture removed from the stock since is left out of the answer.
    if (picture)
      out
        .get(r.draftId)
        ?.push({ id: r.id, picId: r.picId, name: picture.name, link: picture.link, sort: r.sort });
  }
  return out;
}

/** Each draft with its thumbnails (list, detail). */
export async function presentDrafts<R extends { id: string }>(call: TableCall, rows: R[]) {
  if (rows.length === 0) return rows;
  const thumbs = await thumbnailsOf(
    call.db,
    call.user.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const list = thumbs.get(r.id) ?? [];
    return {
      ...r,
      thumbnails: list.map((t) => t.picId).join(','),
      thumbnailList: list,
      cover: list[0]?.link ?? '',
    };
  });
}

/**
 * `${CLIENT_SERVICE}/drafts` (issue 27 item 9): the drafts of the caller's tenant, pinned
 * first. The engine serves query (the list), add (create; with an id, an edit of a draft its
 * lifecycle lets change, else 409) and delete; draft-routes.ts and its modules the rest. State,
 * pin, source and commit time are the draft's own calls' to write.
 */
export default defineContractTable({
  contract: clientDraftContract,
  table: 'bladeClientDraft',
  scope: 'tenant',
  versioned: true,
  readColumns: ['pinned', 'state', 'source', 'commitTime'],
  defaultOrder: { pinned: 'desc', sort: 'asc', createTime: 'desc', id: 'desc' },
  beforeSave: async (call, input, id) => {
    assertLink(input);
    if (id) assertEditable((await draftOf(call.db, call.user.tenantId, id)).state);
  },
  decorate: presentDrafts,
});
