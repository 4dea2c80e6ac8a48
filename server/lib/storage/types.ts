import type { Readable } from 'node:stream';

/** What the caller knows about an object it stores. */
export interface ObjectMeta {
  contentType: string;
  /** Exact size in bytes (the S3 driver sends it as Content-Length). */
  size: number;
  /** Hex SHA-256 of the body when known (the S3 driver signs it instead of hashing again). */
  sha256?: string;
}

/** What the store knows about an object without reading it. */
export interface ObjectInfo {
  size: number;
  /** The store's content type, when it keeps one (the local driver does not). */
  contentType?: string;
}

/** Bytes `start` to `end` of an object, both included (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object read back: its bytes as a stream, and what the store knows about it. */
export interface StoredObject {
  /** The object's bytes, or only the range asked for. */
  stream: Readable;
  /** The whole object's size (also for a ranged read). */
  size: number;
  /** The store's content type, when it keeps one (the local driver does not). */
  contentType?: string;
}

/**
 * The object-storage layer: where uploaded files live. Keys are made by the server
 * (`newObjectKey`), never from a client's file name; every driver refuses any other shape.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, meta: ObjectMeta): Promise<void>;
  /**
   * undefined when there is no such object. With a range (within the object: check it against
   * `stat` first) only those bytes are read, so a player seeking in a video does not make the
   * store send it from the start.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Size (and type) of an object without reading it; undefined when there is none. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * `<segment>/<segment>/.../<name>.<ext>`: letters, digits, `_` and `-` only, so a key can never
 * climb out of its folder (`..`), start at the root or carry a drive letter or a backslash.
 */
const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,7}(\.[a-z0-9]{1,8})?$/;

export function isObjectKey(key: string): boolean {
  return KEY.test(key);
}

export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}
