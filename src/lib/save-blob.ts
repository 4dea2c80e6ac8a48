import { clickDownload } from './download';

/**
 * Saves a downloaded file under a name: an object URL on a temporary <a download>, revoked
 * after the click has been handled. The file came through the authenticated client, so no
 * token ever appears in a URL.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The stored name, with the workbook extension added when the task name has none. */
export function downloadName(sourceFileName: string): string {
  const name = sourceFileName.trim() || 'export';
  return /\.[A-Za-z0-9]{2,5}$/.test(name) ? name : `${name}.xlsx`;
}
