/**
 * Client-side check of identity documents and proofs of address before they are sent
 * (PDF, JPEG or PNG, at most 5 MB), so people learn at once instead of after an upload.
 * The API host checks the content again and is the authority. Also the upload itself, which
 * sign-up and the profile page both make.
 */

import { type DocumentUpload, uploadDocument } from '@plateia/core';
import { DOCUMENT_FILE_MESSAGES } from '@plateia/core/messages/documents';

/** Which of the customer's two documents a file is. */
export type DocumentType = DocumentUpload['documentType'];

/** Largest accepted file: 5 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** MIME types accepted, with the extensions browsers may report instead. */
const ACCEPTED: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

/** Value for the file input's `accept` attribute. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The parts of a `File` the check reads. */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/** Returns the pt-BR problem with a chosen file, or `null` when it may be sent. */
export function documentFileProblem(file: FileLike): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byType = file.type ? Object.hasOwn(ACCEPTED, file.type) : false;
  const byExtension = Object.values(ACCEPTED).some((extensions) => extensions.includes(extension));
  // Some systems report no MIME type at all; then the extension decides.
  if (!(byType || (!file.type && byExtension)) || !byExtension) return DOCUMENT_FILE_MESSAGES.type;
  if (file.size === 0) return DOCUMENT_FILE_MESSAGES.empty;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_FILE_MESSAGES.size;
  return null;
}

/** Reads a file as base64 (without the `data:` prefix) for the upload call. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('File could not be read'));
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** Sends a chosen file as the customer's identity document or proof of address. */
export async function sendDocumentFile(
  customerId: number,
  documentType: DocumentType,
  file: File,
): Promise<void> {
  await uploadDocument({
    customerId,
    documentType,
    fileBase64: await readFileAsBase64(file),
    fileName: file.name,
  });
}
