import { Type } from 'typebox';
import { IdSchema } from './common.ts';

/** A support category code (docs/social.md). */
export const SupportCategorySchema = Type.Union(
  ['ingressos', 'pagamento', 'transferencia', 'conta', 'evento', 'outro'].map((code) => Type.Literal(code)),
);

/** An attachment: a PDF, JPEG or PNG in base64 (checked by content). */
export const SupportAttachmentSchema = Type.Object(
  { fileName: Type.String({ minLength: 1, maxLength: 200 }), fileBase64: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

/** `POST /support/create`. */
export const SupportCreateBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 150 }),
    category: SupportCategorySchema,
    order_id: Type.Optional(IdSchema),
    ticket_id: Type.Optional(IdSchema),
    text: Type.String({ minLength: 1, maxLength: 5000 }),
    attachments: Type.Optional(Type.Array(SupportAttachmentSchema, { maxItems: 3 })),
  },
  { additionalProperties: false },
);

/** `POST /support/{id}/reply`. */
export const SupportReplyBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 5000 }),
    attachments: Type.Optional(Type.Array(SupportAttachmentSchema, { maxItems: 3 })),
  },
  { additionalProperties: false },
);

/** `POST /staff/support/{id}/reply`. */
export const StaffReplyBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 5000 }), close: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** A request id in the path. */
export const SupportIdParams = Type.Object({ id: IdSchema });

/** An attachment in the path. */
export const SupportAttachmentParams = Type.Object({ id: IdSchema, attachmentId: IdSchema });

/** A request as listed. */
export const SupportRequestSchema = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  category: Type.String(),
  categoryLabel: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]),
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  ticketId: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** One message of the thread. */
export const SupportMessageSchema = Type.Object({
  id: Type.Integer(),
  author: Type.Union([Type.Literal('customer'), Type.Literal('staff')]),
  body: Type.String(),
  created_at: Type.String(),
  attachments: Type.Array(
    Type.Object({ id: Type.Integer(), fileName: Type.String(), mime: Type.String(), size: Type.Integer() }),
  ),
});

/** `POST /support/create` answer. */
export const SupportCreatedAnswer = Type.Object({
  success: Type.Boolean(),
  id: Type.Integer(),
  message: Type.String(),
});
/** `GET /support/list` answer. */
export const SupportListAnswer = Type.Object({ requests: Type.Array(SupportRequestSchema) });
/** `GET /support/{id}` answer. */
export const SupportThreadAnswer = Type.Object({
  request: SupportRequestSchema,
  messages: Type.Array(SupportMessageSchema),
});
/** Reply answers. */
export const SupportDoneAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
