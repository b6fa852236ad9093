import { API } from '@tradepad/contracts/api-paths';
import type { UploadResult } from '@tradepad/contracts/wallet/constants';
import { apiPost } from './http-client.ts';

/** What the server takes (DESIGN §7): images only, at most 5 MB. Checked here first so a wrong file costs no upload. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Why a file is refused before uploading (an i18n key), or null when it may go. */
export function uploadRefusal(file: { type: string; size: number }): 'upload.notImage' | 'upload.tooLarge' | null {
  if (!file.type.startsWith('image/')) return 'upload.notImage';
  if (file.size > UPLOAD_MAX_BYTES) return 'upload.tooLarge';
  return null;
}

/** POST common/image_upload (multipart field `file`, with the loading indicator, spec §7): `{url, name}`. */
export function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  return apiPost(API.imageUpload, undefined, { form, loading: true, timeoutMs: 60_000 });
}
