import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_ANSWER_MESSAGES } from '@plateia/core/messages/documents';
import { HttpError } from '../plugins/errors.ts';

/** Largest document accepted, decoded (issue 2, §3). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The kinds of file a document may be, recognised by content. */
export interface DocumentKind {
  ext: 'pdf' | 'jpg' | 'png';
  mime: 'application/pdf' | 'image/jpeg' | 'image/png';
}

const PDF: DocumentKind = { ext: 'pdf', mime: 'application/pdf' };
const JPEG: DocumentKind = { ext: 'jpg', mime: 'image/jpeg' };
const PNG: DocumentKind = { ext: 'png', mime: 'image/png' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What the bytes really are: PDF (`%PDF-`), JPEG (SOI marker FF D8 FF) or PNG (the 8-byte
 * signature followed by an IHDR chunk). The file name is never trusted for this.
 */
export function detectDocumentKind(bytes: Buffer): DocumentKind | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  if (
    bytes.length >= 16 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  ) {
    return PNG;
  }
  return null;
}

const EXTENSIONS: Record<string, DocumentKind['ext']> = { pdf: 'pdf', jpg: 'jpg', jpeg: 'jpg', png: 'png' };

/**
 * Checks the name the browser gave: a plain file name (no folders, no `..`, no control
 * characters) ending in .pdf, .jpg, .jpeg or .png. Returns the extension it claims.
 */
export function checkFileName(name: string): DocumentKind['ext'] {
  const invalid = new HttpError(400, DOCUMENT_ANSWER_MESSAGES.fileNameInvalid, 'validation');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[/\\\u0000-\u001f\u007f]/.test(name) || name.includes('..') || name.startsWith('.')) throw invalid;
  const ext = EXTENSIONS[name.split('.').pop()?.toLowerCase() ?? ''];
  if (!ext || !name.includes('.')) {
    throw new HttpError(415, DOCUMENT_ANSWER_MESSAGES.unsupportedType, 'unsupported_type');
  }
  return ext;
}

/**
 * Decodes the upload's base64 (optionally a `data:` URL), refusing anything that is not
 * base64 instead of letting Buffer skip the bad characters.
 */
export function decodeBase64Upload(value: string): Buffer {
  const payload = value.replace(/^data:[\w.+/-]+;base64,/, '').replace(/\s+/g, '');
  if (payload.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) {
    throw new HttpError(400, DOCUMENT_ANSWER_MESSAGES.notBase64, 'validation');
  }
  // Checked before decoding so an oversized body never becomes a second large buffer.
  if (Math.floor((payload.replace(/=+$/, '').length * 3) / 4) > MAX_DOCUMENT_BYTES) {
    throw new HttpError(413, DOCUMENT_ANSWER_MESSAGES.tooLarge, 'too_large');
  }
  return Buffer.from(payload, 'base64');
}

/** Checks an upload's name and bytes together; returns what the file is. */
export function checkDocument(fileName: string, bytes: Buffer): DocumentKind {
  const claimed = checkFileName(fileName);
  const kind = detectDocumentKind(bytes);
  if (!kind || kind.ext !== claimed) {
    throw new HttpError(415, DOCUMENT_ANSWER_MESSAGES.contentInvalid, 'unsupported_type');
  }
  return kind;
}

/** The private folder documents live in: under the data directory, never served statically. */
export function documentsDir(dataDir: string): string {
  return join(dataDir, 'documents');
}

/** Stored names are generated: a UUID and the extension of the detected kind. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png)$/;

/** Writes a document under a generated name (readable by the server's user only); returns the name. */
export async function storeDocument(dataDir: string, bytes: Buffer, kind: DocumentKind): Promise<string> {
  const dir = documentsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomUUID()}.${kind.ext}`;
  await writeFile(join(dir, name), bytes, { mode: 0o600, flag: 'wx' });
  return name;
}

/** The full path of a stored document, or null if the stored name is not one we generate. */
export function documentPath(dataDir: string, name: string): string | null {
  return STORED_NAME.test(name) ? join(documentsDir(dataDir), name) : null;
}

/** The content type of a stored document, from its generated extension. */
export function documentMime(name: string): DocumentKind['mime'] {
  if (name.endsWith('.pdf')) return PDF.mime;
  if (name.endsWith('.png')) return PNG.mime;
  return JPEG.mime;
}

/** Deletes a replaced document; a file already gone is fine. */
export async function removeDocument(dataDir: string, name: string | null): Promise<void> {
  const path = name ? documentPath(dataDir, name) : null;
  if (path) await unlink(path).catch(() => {});
}
