import type { LightMyRequestResponse } from 'fastify';
import { nextId } from '../../../lib/ids.js';
import type { TestApp } from '../../../test/support.js';
import { audit } from '../product/test-fixtures.js';

/** Test-only: what the content and draft tests share. */

export const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

/** A picture of `tenantId`'s media stock, written straight to the table. */
export async function insertPic(t: TestApp, tenantId: string, name = '图'): Promise<string> {
  const id = nextId();
  await t.database.db
    .insertInto('bladePic')
    .values({
      id,
      tenantId,
      folderId: '0',
      name,
      originalName: `${name}.png`,
      objectKey: `${tenantId}/pic/${id}.png`,
      link: `/api/blade-system/pic-stock/image/${tenantId}/${id}.png`,
      extension: 'png',
      contentType: 'image/png',
      fileSize: 10,
      width: 1,
      height: 1,
      ...audit(),
    })
    .execute();
  return id;
}

/** A PNG header (signature + IHDR) then `filler` bytes. */
export function png(filler = 32): Buffer {
  const b = Buffer.alloc(33 + filler, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(2, 16);
  b.writeUInt32BE(2, 20);
  return b;
}

/** POSTs a multipart form the way a browser's FormData sends it (fields, then the file). */
export async function postForm(
  t: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': request.headers.get('content-type')!,
      'blade-auth': `bearer ${token}`,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
