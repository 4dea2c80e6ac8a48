import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  clientContentContract,
  CONTENT_REFUSALS,
  THUMBNAILS_MAX,
} from '../../../../src/contracts/platform-client/client-content.js';
import { clientDraftContract } from '../../../../src/contracts/platform-client/client-draft.js';
import { perm } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { chunks } from '../../../lib/chunks.js';

/**
 * What client content (content/management) and drafts share: the link rules, the thumbnails as
 * pictures of the tenant's media stock, who reads which call.
 */

const content = clientContentContract.codes;
const draft = clientDraftContract.codes;
/** Either screen: the link types and the picture options. */
export const EITHER_READ = perm(content.menu, content.view!, draft.menu, draft.view!);
/** Those who put pictures on a content or a draft. */
export const PICTURE_PICKERS = perm(content.add!, content.edit!, draft.add!, draft.edit!);

/** The fields the link rules read. */
export interface LinkFields {
  linkType?: string | null | undefined;
  linkUrl?: string | null | undefined;
  productId?: string | null | undefined;
}

/**
 * The refusal (`field:message`) of a link that leads nowhere: an external link without its URL,
 * a product page without its product; undefined when the link holds.
 */
export function linkRefusal(row: LinkFields): string | undefined {
  if (row.linkType === 'url' && !row.linkUrl) return `linkUrl:${CONTENT_REFUSALS.linkUrlNeeded.zh}`;
  if (row.linkType === 'product' && !row.productId)
    return `productId:${CONTENT_REFUSALS.productNeeded.zh}`;
  return undefined;
}

export function assertLink(row: LinkFields): void {
  const refusal = linkRefusal(row);
  if (refusal) throw badRequest(refusal);
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Picture ids sent as an array or comma-joined: the distinct ids in order, comma-joined. */
export const pictureIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
    return list.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  },
  z
    .array(z.string().regex(ID, CONTENT_REFUSALS.ids.zh), { error: CONTENT_REFUSALS.ids.zh })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length <= THUMBNAILS_MAX, CONTENT_REFUSALS.thumbnailsMax.zh)
    .transform((ids) => ids.join(',')),
);

/** The stored JSON array of ids as a list. */
export function storedIds(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export interface Picture {
  id: string;
  name: string;
  link: string;
}

/** The tenant's live pictures among `ids`, by id. */
export async function picturesOf(
  db: Kysely<DB>,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, Picture>> {
  const found = new Map<string, Picture>();
  for (const part of chunks([...new Set(ids)]))
    for (const p of await db
      .selectFrom('bladePic')
      .select(['id', 'name', 'link'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', part)
      .execute())
      found.set(p.id, p);
  return found;
}

/** Every id names a live picture of the tenant, else 400 at `field`. */
export async function assertPictures(
  db: Kysely<DB>,
  tenantId: string,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await picturesOf(db, tenantId, ids);
  if (ids.some((id) => !found.has(id)))
    throw badRequest(`${field}:${CONTENT_REFUSALS.thumbnails.zh}`);
}
