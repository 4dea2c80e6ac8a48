import { createDecipheriv } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nextId } from '../../lib/ids.js';
import { phoneKey } from '../../lib/phone-crypto.js';
import { nowText } from '../../lib/time.js';
import type { TestApp } from '../../test/support.js';

/**
 * What the tests of the parties (suppliers, access parties) share: the session key their sealed
 * contact phones are answered under, and the uploads their files name.
 */

/** The session key of an access token (its `sid`), as the console gets it in crypto_key. */
export function sessionKey(t: TestApp, token: string): Buffer {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sid: string;
  };
  return phoneKey(t.app.ctx.jwtSecret, claims.sid);
}

/** A value answered encrypted for the session (enc1:), opened with its key. */
export function decrypt(value: string, key: Buffer): string {
  const raw = Buffer.from(value.slice('enc1:'.length), 'base64');
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString();
}

/** A file the tenant uploaded (blade_attach, as the uploader leaves it): `资质.<ext>`, `size` bytes. */
export async function insertAttach(
  db: Kysely<DB>,
  tenantId: string,
  ext: string,
  size = 1000,
): Promise<string> {
  const id = nextId();
  await db
    .insertInto('bladeAttach')
    .values({
      id,
      tenantId,
      kind: 'file',
      link: `/api/blade-resource/attach/download?id=${id}`,
      domain: '',
      name: `k/${id}.${ext}`,
      originalName: `资质.${ext}`,
      extension: ext,
      contentType: 'application/octet-stream',
      attachSize: size,
      createUser: null,
      createDept: null,
      createTime: nowText(),
      updateUser: null,
      updateTime: nowText(),
      status: 1,
      isDeleted: 0,
      version: 1,
    })
    .execute();
  return id;
}
