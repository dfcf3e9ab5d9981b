import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { type DocumentType, documentUrl, findCustomerById } from '../../accounts/customers.ts';
import {
  checkDocument,
  decodeBase64Upload,
  documentMime,
  documentPath,
  removeDocument,
  storeDocument,
} from '../../accounts/documents.ts';
import { customers } from '../../db/schema/accounts.ts';
import { assertSelf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { UploadAnswer, UploadBody } from '../../schemas/accounts.ts';
import { ErrorSchema } from '../../schemas/common.ts';

const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

const downloadNames: Record<DocumentType, string> = {
  document: 'documento',
  address_proof: 'comprovante-de-endereco',
};

/**
 * Identity documents: `POST /customer-upload-document` (owner, or the sign-up's upload
 * grant) and `GET /customer/document/{documentType}` (owner only).
 */
const documents: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customer-upload-document',
    {
      preHandler: app.authenticateUpload,
      schema: {
        tags: ['customer'],
        summary: 'Uploads an identity document or proof of address (PDF, JPEG or PNG, up to 5 MB)',
        security: [{ bearer: [] }],
        body: UploadBody,
        response: {
          200: UploadAnswer,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { customerId, documentType, fileBase64, fileName } = request.body;
      assertSelf(request, customerId);
      const bytes = decodeBase64Upload(fileBase64);
      const kind = checkDocument(fileName, bytes);
      const dataDir = app.config.dataDir;
      const before = await findCustomerById(app.database.db, customerId);
      const stored = await storeDocument(dataDir, bytes, kind);
      const column = documentType === 'document' ? { documentPath: stored } : { addressProofPath: stored };
      await app.database.db
        .update(customers)
        .set({ ...column, updatedAt: app.now() })
        .where(eq(customers.id, customerId));
      await removeDocument(
        dataDir,
        (documentType === 'document' ? before?.documentPath : before?.addressProofPath) ?? null,
      );
      return {
        success: true,
        filePath: documentUrl(documentType),
        message: 'Documento enviado com sucesso.',
      };
    },
  );

  app.get(
    '/customer/document/:documentType',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customer'],
        summary: "Downloads the logged-in customer's own document",
        security: [{ bearer: [] }],
        params: Type.Object({
          documentType: Type.Union([Type.Literal('document'), Type.Literal('address_proof')]),
        }),
        response: {
          200: Type.Unsafe<NodeJS.ReadableStream>({
            type: 'string',
            format: 'binary',
            description: 'The file (application/pdf, image/jpeg or image/png)',
          }),
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const type = request.params.documentType;
      const row = await findCustomerById(app.database.db, request.customer.id);
      const name = type === 'document' ? row?.documentPath : row?.addressProofPath;
      const path = name ? documentPath(app.config.dataDir, name) : null;
      if (!name || !path) throw new HttpError(404, DOCUMENT_NOT_FOUND, 'not_found');
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw new HttpError(404, DOCUMENT_NOT_FOUND, 'not_found');
      const ext = name.slice(name.lastIndexOf('.'));
      return reply
        .header('content-type', documentMime(name))
        .header('content-length', info.size)
        .header('content-disposition', `attachment; filename="${downloadNames[type]}${ext}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(path));
    },
  );
};

export default documents;
