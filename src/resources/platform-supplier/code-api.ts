import { api } from '../../api/api';
import { fetchPublicKey } from '../../api/auth-calls';
import { apiRequest } from '../../api/client';
import { IMPORT_TIMEOUT_MS } from '../../api/import';
import {
  newIdempotencyKey,
  refusalMessage,
  useIdempotentPostMutation,
  useSendOnce,
} from '../../api/send-once';
import {
  BATCH_SERVICE,
  CODE_IMPORT_RESULT,
  CODE_SERVICE,
  COUPON_CODE_CALLS,
  RECOVERY_SERVICE,
  USED_SERVICE,
  type CodeImportResult,
} from '../../contracts/platform-supplier/coupon-code';
import { EXCHANGE_SERVICE } from '../../contracts/platform-supplier/code-exchange';
import { encryptPassword } from '../../lib/rsa';
import type { AppDispatch } from '../../state/store';

/**
 * The coupon code screens' writes (issue 18 items 2 and 6): every call that moves codes is a POST
 * with an `Idempotency-Key` header (server/lib/idempotency), sent once per click (`useSendOnce`).
 * A write reloads every coupon code list (batches, codes, used codes, recovery records).
 */

export const CODE_SERVICES = [
  BATCH_SERVICE,
  CODE_SERVICE,
  USED_SERVICE,
  RECOVERY_SERVICE,
  EXCHANGE_SERVICE,
] as const;
const codeTags = () => CODE_SERVICES.map((id) => ({ type: 'Resource' as const, id }));

/** The coupon code services' writes: a JSON POST with its Idempotency-Key (api/send-once.ts). */
export function useCodeWriteMutation() {
  const [post, state] = useIdempotentPostMutation();
  const write = ({ path, body, idempotencyKey }: CodeWrite) =>
    post({ path, body, idempotencyKey, services: CODE_SERVICES });
  return [write, state] as const;
}

export interface CodeWrite {
  /** A call of COUPON_CODE_CALLS (a path without /api). */
  path: string;
  body: Record<string, unknown>;
  /** The Idempotency-Key of this request. */
  idempotencyKey: string;
}

/** The server's message of a refused call, else `fallback`. */
export const messageOf = refusalMessage;

export { newIdempotencyKey, useSendOnce };

/** The server's public key, asked for once per page load. */
let publicKey: Promise<string> | undefined;

/** One code as RSA-OAEP ciphertext (base64) for `couponCode2`: never sent in plain text. */
export async function sealCode(plain: string): Promise<string> {
  publicKey ??= fetchPublicKey().catch((error: unknown) => {
    publicKey = undefined;
    throw error;
  });
  return encryptPassword(await publicKey, plain);
}

export interface CodeUpload {
  goodId: string;
  file: File;
}

/**
 * import-batch-coupon: multipart goodId + file, through XMLHttpRequest so the dialog can show the
 * share uploaded; the coupon code lists reload after a successful import.
 */
export async function uploadCodes(
  dispatch: AppDispatch,
  { goodId, file }: CodeUpload,
  idempotencyKey: string,
  onProgress: (fraction: number) => void,
): Promise<CodeImportResult> {
  const body = new FormData();
  body.append('goodId', goodId);
  body.append('file', file, file.name);
  const result = await apiRequest<CodeImportResult>({
    url: COUPON_CODE_CALLS.importFile,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: IMPORT_TIMEOUT_MS,
    onUploadProgress: onProgress,
    silent: true,
  });
  if (result.status === 'success') dispatch(api.util.invalidateTags(codeTags()));
  return result;
}

export const downloadCodeTemplate = () =>
  apiRequest<Blob>({ url: COUPON_CODE_CALLS.template, kind: 'blob', silent: true });

/** The result file of a failed import (`resultId` of its answer). */
export const downloadCodeImportResult = (id: string) =>
  apiRequest<Blob>({
    url: CODE_IMPORT_RESULT,
    params: { id },
    kind: 'blob',
    silent: true,
  });
