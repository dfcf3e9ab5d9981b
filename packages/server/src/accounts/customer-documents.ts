import { stat } from 'node:fs/promises';
import type { Queryable } from '../db/sql.ts';
import { type DocumentType, documentUrl, findCustomerById, updateCustomer } from './customers.ts';
import {
  checkDocument,
  decodeBase64Upload,
  documentMime,
  documentPath,
  removeDocument,
  storeDocument,
} from './documents.ts';

/** A document upload as `POST /customer-upload-document` carries it. */
export interface DocumentUpload {
  customerId: number;
  documentType: DocumentType;
  fileBase64: string;
  fileName: string;
}

/** Where documents live and what time it is. */
export interface DocumentStore {
  dataDir: string;
  now: Date;
}

/**
 * Checks and stores an uploaded document for the customer, replacing (and deleting) the
 * one of the same type uploaded before. Answers the API path the owner downloads it from.
 * Throws 400, 413 or 415 for an upload that is not a PDF, JPEG or PNG of at most 5 MB.
 */
export async function saveCustomerDocument(
  db: Queryable,
  store: DocumentStore,
  upload: DocumentUpload,
): Promise<string> {
  const bytes = decodeBase64Upload(upload.fileBase64);
  const kind = checkDocument(upload.fileName, bytes);
  const before = await findCustomerById(db, upload.customerId);
  const stored = await storeDocument(store.dataDir, bytes, kind);
  const isIdentity = upload.documentType === 'document';
  await updateCustomer(db, upload.customerId, {
    ...(isIdentity ? { document_path: stored } : { address_proof_path: stored }),
    updated_at: store.now,
  });
  await removeDocument(store.dataDir, (isIdentity ? before?.documentPath : before?.addressProofPath) ?? null);
  return documentUrl(upload.documentType);
}

/** A stored document ready to be sent to its owner. */
export interface StoredDocumentFile {
  path: string;
  size: number;
  mime: ReturnType<typeof documentMime>;
  /** The name the download is saved under (pt-BR, with the stored extension). */
  downloadName: string;
}

const downloadNames: Record<DocumentType, string> = {
  document: 'documento',
  address_proof: 'comprovante-de-endereco',
};

/** The customer's stored document of a type, or null when there is none (or its file is gone). */
export async function findCustomerDocument(
  db: Queryable,
  dataDir: string,
  customerId: number,
  type: DocumentType,
): Promise<StoredDocumentFile | null> {
  const row = await findCustomerById(db, customerId);
  const name = type === 'document' ? row?.documentPath : row?.addressProofPath;
  const path = name ? documentPath(dataDir, name) : null;
  if (!name || !path) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return {
    path,
    size: info.size,
    mime: documentMime(name),
    downloadName: `${downloadNames[type]}${name.slice(name.lastIndexOf('.'))}`,
  };
}
