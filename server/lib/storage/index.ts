import path from 'node:path';
import type { ServerConfig } from '../../config.js';
import { PrefixedStorage } from './files.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { ObjectStorage } from './types.js';

export { PrefixedStorage, putFile, sha256OfFile } from './files.js';
export { LocalStorage } from './local.js';
export { S3Storage, type S3Config } from './s3.js';
export { assertObjectKey, isObjectKey } from './types.js';
export type { ObjectInfo, ObjectMeta, ObjectStorage, StoredObject } from './types.js';

const stores = new WeakMap<ServerConfig, ObjectStorage>();
const exportStores = new WeakMap<ServerConfig, ObjectStorage>();

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

/**
 * Where export-centre files live (keys `<task id>.<ext>`): with S3, `exports/` of the same
 * bucket, so any process serves a file another one wrote (issue 30); on local disk
 * `DATA_DIR/exports`, where they always were.
 */
export function exportStorageOf(config: ServerConfig): ObjectStorage {
  let store = exportStores.get(config);
  if (!store) {
    store = config.s3
      ? new PrefixedStorage(storageOf(config), 'exports')
      : new LocalStorage(path.join(config.dataDir, 'exports'));
    exportStores.set(config, store);
  }
  return store;
}
