import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DOCUMENT_ANSWER_MESSAGES } from '@plateia/core/messages/documents';
import { findCustomerDocument, saveCustomerDocument } from '../../accounts/customer-documents.ts';
import { MAX_DOCUMENT_BYTES } from '../../accounts/documents.ts';
import { assertSelf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { DocumentFile, DocumentTypeParams, UploadAnswer, UploadBody } from '../../schemas/accounts.ts';
import { ErrorSchema } from '../../schemas/common.ts';

const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

/**
 * The one route over the host's 64 KB body limit: a document as base64 (a third larger
 * than the file) plus the JSON around it, so an oversized file still reaches the route and
 * gets its own message ("O arquivo deve ter no máximo 5 MB.").
 */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 1024 * 1024;

/**
 * Identity documents: `POST /customer-upload-document` (owner, or the sign-up's upload
 * grant) and `GET /customer/document/{documentType}` (owner only).
 */
const documents: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customer-upload-document',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
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
      assertSelf(request, request.body.customerId);
      const store = { dataDir: app.config.dataDir, now: app.now() };
      const filePath = await saveCustomerDocument(app.database.db, store, request.body);
      return { success: true, filePath, message: DOCUMENT_ANSWER_MESSAGES.sent };
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
        params: DocumentTypeParams,
        response: { 200: DocumentFile, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { dataDir } = app.config;
      const file = await findCustomerDocument(
        app.database.db,
        dataDir,
        request.customer.id,
        request.params.documentType,
      );
      if (!file) throw new HttpError(404, DOCUMENT_NOT_FOUND, 'not_found');
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.downloadName}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
};

export default documents;
