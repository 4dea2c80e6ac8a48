import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertObjectKey,
  type ByteRange,
  type ObjectInfo,
  type ObjectMeta,
  type ObjectStorage,
  type StoredObject,
} from './types.js';

/**
 * The embedded default: files on local disk under `root` (DATA_DIR/files), one file per key
 * (`<tenant>/<yyyyMMdd>/<random>.<ext>`). A write goes to a temporary name first and is renamed
 * into place, so a reader never sees half a file.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; checked twice: the key's shape, then that it resolves under root. */
  fileOf(key: string): string {
    assertObjectKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error('object key outside the store');
    return file;
  }

  async put(key: string, body: Readable | Buffer, meta: ObjectMeta): Promise<void> {
    const file = this.fileOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }));
      const { size } = await fs.promises.stat(temp);
      if (size !== meta.size) throw new Error(`stored ${size} bytes, expected ${meta.size}`);
      await fs.promises.rename(temp, file);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const file = this.fileOf(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(range ? { ...range } : {}), size };
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const stat = await fs.promises.stat(this.fileOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    return stat?.isFile() ? { size: stat.size } : undefined;
  }

  /**
   * Stores a finished local file under `key` by renaming it into place (an export of many MB is
   * not copied); across file systems it is copied, then removed. The file is gone afterwards.
   */
  async moveIn(key: string, file: string, meta: ObjectMeta): Promise<void> {
    const target = this.fileOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await this.put(key, fs.createReadStream(file), meta);
      await fs.promises.rm(file, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.fileOf(key), { force: true });
  }
}
