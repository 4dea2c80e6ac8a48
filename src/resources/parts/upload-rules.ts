import type { MessageKey } from '../../i18n';

/**
 * The uploader's checks (spec sections 5 and 9): the extension must be allowed (default .doc,
 * .docx), a file at most 10 MB, no name twice, at most 5 files. Checked per chosen file in that
 * order; a refused file is reported with the spec's message and the others go on.
 */
export interface UploadLimits {
  /** Allowed extensions with their dot, lower case: ['.doc', '.docx']. */
  accept: readonly string[];
  maxSizeMb: number;
  /** At most this many files in the list (the spec's limitSize prop). */
  limit: number;
}

export const DEFAULT_LIMITS: UploadLimits = { accept: ['.doc', '.docx'], maxSizeMb: 10, limit: 5 };

export const MB = 1024 * 1024;

export interface Rejection {
  name: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** 'doc/docx' for the messages. */
export const typesLabel = (accept: readonly string[]) =>
  accept.map((a) => a.replace(/^\./, '')).join('/');

export const extensionOf = (name: string) => {
  const m = /\.[^./\\]+$/.exec(name);
  return m ? m[0].toLowerCase() : '';
};

/**
 * Splits chosen files into the ones to upload and the refused ones. `existing` holds the names
 * already in the list (uploaded, uploading or failed).
 */
export function screenFiles<F extends { name: string; size: number }>(
  files: readonly F[],
  existing: readonly string[],
  limits: UploadLimits,
): { accepted: F[]; rejected: Rejection[] } {
  const accepted: F[] = [];
  const rejected: Rejection[] = [];
  const names = new Set(existing);
  for (const file of files) {
    if (!limits.accept.includes(extensionOf(file.name))) {
      rejected.push({
        name: file.name,
        key: 'files.upload.wrongType',
        params: { types: typesLabel(limits.accept) },
      });
    } else if (file.size > limits.maxSizeMb * MB) {
      rejected.push({
        name: file.name,
        key: 'files.upload.tooLarge',
        params: { size: limits.maxSizeMb },
      });
    } else if (names.has(file.name)) {
      rejected.push({ name: file.name, key: 'files.upload.duplicate' });
    } else if (names.size >= limits.limit) {
      rejected.push({
        name: file.name,
        key: 'files.upload.tooMany',
        params: { limit: limits.limit },
      });
    } else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

/** '1.2 MB', '340 KB', '12 B'. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
