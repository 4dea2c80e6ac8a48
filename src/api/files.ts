import { apiRequest } from './client';

/**
 * Uploads and attachment downloads (blade-resource). Uploads are multipart (field `file`) and
 * answer the file record; downloads come through the authenticated client as a Blob, so no
 * token ever appears in a URL.
 */
export interface FileRecord {
  /** Files: the download call (`blade-resource/attach/download?id=`); avatars: an image address. */
  link: string;
  domain: string;
  /** The object key the server made. */
  name: string;
  originalName: string;
  attachId: string;
}

/** An upload may take longer than the client's usual 20 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export type UploadEndpoint = 'put-file' | 'put-file-avatar';

/**
 * Sends one file. Failures reject with the server's message and are not toasted (the uploader
 * shows them beside the file).
 */
export function uploadFile(
  file: File,
  endpoint: UploadEndpoint = 'put-file',
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<FileRecord> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<FileRecord>(
    {
      url: `blade-resource/oss/endpoint/${endpoint}`,
      method: 'POST',
      body: form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      silent: true,
      ...(onProgress ? { onUploadProgress: onProgress } : {}),
    },
    signal,
  );
}

/** Spec screen 4: the avatar (jpg/png, at most 500 KB). */
export function uploadAvatar(file: File, signal?: AbortSignal): Promise<FileRecord> {
  return uploadFile(file, 'put-file-avatar', signal);
}

/** An attachment's bytes (`attach/download`, served as an attachment). */
export function downloadAttachment(id: string): Promise<Blob> {
  return apiRequest<Blob>({
    url: 'blade-resource/attach/download',
    params: { id },
    kind: 'blob',
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}
