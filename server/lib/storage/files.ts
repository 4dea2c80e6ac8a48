import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { LocalStorage } from './local.js';
import {
  assertObjectKey,
  type ByteRange,
  type ObjectInfo,
  type ObjectMeta,
  type ObjectStorage,
  type StoredObject,
} from './types.js';

/** Hex SHA-256 of a file, read as a stream (a large export is never held in memory). */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Stores a finished local file (an export written to a temporary file) under `key` and removes
 * the local file: renamed into place on local disk, streamed with its hash and exact length to
 * S3 (which refuses chunked bodies and needs the hash up front). Resolves to its size.
 */
export async function putFile(
  store: ObjectStorage,
  key: string,
  file: string,
  contentType: string,
): Promise<number> {
  const { size } = await fs.promises.stat(file);
  if (store instanceof LocalStorage) {
    await store.moveIn(key, file, { contentType, size });
    return size;
  }
  const sha256 = await sha256OfFile(file);
  await store.put(key, fs.createReadStream(file), { contentType, size, sha256 });
  await fs.promises.rm(file, { force: true });
  return size;
}

/**
 * A store seen under a folder of another: `exports/` of the bucket holds export-centre files,
 * apart from the tenants' uploads (whose keys start with a tenant id).
 */
export class PrefixedStorage implements ObjectStorage {
  readonly kind: ObjectStorage['kind'];

  constructor(
    private readonly inner: ObjectStorage,
    private readonly prefix: string,
  ) {
    this.kind = inner.kind;
  }

  private keyOf(key: string): string {
    assertObjectKey(key);
    return `${this.prefix}/${key}`;
  }

  async put(
    key: string,
    body: Parameters<ObjectStorage['put']>[1],
    meta: ObjectMeta,
  ): Promise<void> {
    await this.inner.put(this.keyOf(key), body, meta);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    return await this.inner.get(this.keyOf(key), range);
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    return await this.inner.stat(this.keyOf(key));
  }

  async remove(key: string): Promise<void> {
    await this.inner.remove(this.keyOf(key));
  }
}
