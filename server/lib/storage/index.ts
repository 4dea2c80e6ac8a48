import path from 'node:path';
import type { ServerConfig } from '../../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { ObjectStorage } from './types.js';

export { LocalStorage } from './local.js';
export { S3Storage, type S3Config } from './s3.js';
export { assertObjectKey, isObjectKey } from './types.js';
export type { ObjectMeta, ObjectStorage, StoredObject } from './types.js';

const stores = new WeakMap<ServerConfig, ObjectStorage>();

/**
 * The configured store, made once per server configuration: S3-compatible when `S3_ENDPOINT`
 * is set (config.s3), otherwise files on local disk under `DATA_DIR/files`.
 */
export function storageOf(config: ServerConfig): ObjectStorage {
  let store = stores.get(config);
  if (!store) {
    store = config.s3
      ? new S3Storage(config.s3)
      : new LocalStorage(path.join(config.dataDir, 'files'));
    stores.set(config, store);
  }
  return store;
}
