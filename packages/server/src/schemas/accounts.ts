import { Type } from 'typebox';

/** The user record (docs/accounts.md) as the API answers it (never salt or password hash). */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  user: Type.String({ description: 'The e-mail' }),
  avatar: Type.String(),
  isadmin: Type.String({ description: "'1' for producers" }),
  namef: Type.String(),
  namel: Type.String(),
  cpfnpj: Type.String(),
  passport: Type.String(),
  phone: Type.String(),
  country: Type.String(),
  nickname: Type.String(),
  gender: Type.String(),
  birth_date: Type.String({ description: 'YYYY-MM-DD or empty' }),
  cep: Type.String(),
  rua: Type.String(),
  numero: Type.String(),
  complemento: Type.String(),
  bairro: Type.String(),
  cidade: Type.String(),
  uf: Type.String(),
  instagram: Type.String(),
  profession: Type.String(),
  profession_details: Type.String(),
  status: Type.Integer(),
  email_verified: Type.Boolean(),
  document: Type.String({ description: 'API path of the uploaded identity document, or empty' }),
  address_proof: Type.String({ description: 'API path of the uploaded proof of address, or empty' }),
  addressProof: Type.String({ description: 'Same as address_proof (the spec names both)' }),
});

/**
 * Text fields refuse control characters (tab and line breaks aside): PostgreSQL cannot
 * store NUL in text, and none of these fields has a use for the others.
 */
const PLAIN_TEXT = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** A text field of at most `maxLength` characters without control characters. */
export const PlainText = (options: { minLength?: number; maxLength: number }) =>
  Type.String({ ...options, pattern: PLAIN_TEXT });

/** E-mails in paths and bodies: the length SMTP allows; the format is checked with the core rule. */
export const EmailString = PlainText({ minLength: 1, maxLength: 254 });
/** The browser's per-session random id sent with getsalt and login. */
export const ClientUuid = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' });
/** An md5 digest in hex. */
export const Md5Hex = Type.String({ pattern: '^[A-Fa-f0-9]{32}$' });
/** A token from an e-mailed link (base64url). */
export const LinkToken = Type.String({ minLength: 20, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

const shortText = (maxLength: number) => PlainText({ maxLength });

/** Profile fields shared by sign-up and profile edit (docs/accounts.md). */
const profileFields = {
  cpfnpj: Type.Optional(shortText(20)),
  phone: Type.Optional(shortText(30)),
  nickname: Type.Optional(shortText(60)),
  gender: Type.Optional(shortText(30)),
  birth_date: Type.Optional(shortText(10)),
  cep: Type.Optional(shortText(10)),
  rua: Type.Optional(shortText(200)),
  numero: Type.Optional(shortText(20)),
  complemento: Type.Optional(shortText(100)),
  bairro: Type.Optional(shortText(100)),
  cidade: Type.Optional(shortText(100)),
  uf: Type.Optional(shortText(2)),
  instagram: Type.Optional(shortText(60)),
  profession: Type.Optional(shortText(100)),
  profession_details: Type.Optional(shortText(500)),
};

/**
 * Sign-up payload (docs/accounts.md). `pw` is the password itself (sent once, over TLS): the server
 * picks the salt and stores argon2id(md5(salt + pw)). `status` and `uidcad` are accepted
 * but always stored as 1. Unknown extra fields are ignored.
 */
export const SignUpBody = Type.Object({
  user: EmailString,
  namef: PlainText({ minLength: 1, maxLength: 100 }),
  namel: Type.Optional(shortText(100)),
  pw: Type.String({ minLength: 6, maxLength: 128 }),
  status: Type.Optional(Type.Integer()),
  uidcad: Type.Optional(Type.Integer()),
  passport: Type.Optional(shortText(30)),
  country: Type.Optional(shortText(60)),
  ...profileFields,
});

/** `POST /customer/add` answer; `uploadToken` authorises the sign-up's document uploads. */
export const SignUpAnswer = Type.Object({
  success: Type.Boolean(),
  id: Type.Integer(),
  uploadToken: Type.String({
    description: 'Bearer token valid 30 minutes for /customer-upload-document only',
  }),
});

/** Profile edit payload (docs/accounts.md). `user` must be the account's own e-mail. */
export const ProfileEditBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  user: Type.Optional(EmailString),
  namef: Type.Optional(PlainText({ minLength: 1, maxLength: 100 })),
  namel: Type.Optional(shortText(100)),
  passport: Type.Optional(shortText(30)),
  country: Type.Optional(shortText(60)),
  avatar: Type.Optional(shortText(500)),
  ...profileFields,
});

/** `POST /customer-upload-document` payload (docs/accounts.md). */
export const UploadBody = Type.Object({
  customerId: Type.Integer({ minimum: 1 }),
  documentType: Type.Union([Type.Literal('document'), Type.Literal('address_proof')]),
  fileBase64: Type.String({ minLength: 1, maxLength: 7_100_000 }),
  // Control characters and folders are refused by checkFileName with a specific message.
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
});

/** `POST /customer-upload-document` answer. */
export const UploadAnswer = Type.Object({
  success: Type.Boolean(),
  filePath: Type.String({ description: 'API path the owner downloads the file from' }),
  message: Type.String(),
});

/**
 * `GET /auth/google` query: the storefront path to come back to, and the storefront tab's
 * nonce (`login`) echoed back in the callback (a malformed one is dropped, not refused).
 */
export const GoogleStartQuery = Type.Object({
  returnTo: Type.Optional(Type.String({ maxLength: 500 })),
  login: Type.Optional(Type.String({ maxLength: 200 })),
});

/** `GET /auth/google/callback` query, as the provider sends it. */
export const GoogleCallbackQuery = Type.Object(
  {
    // No length limits here: a browser arriving with junk is sent back with a notice.
    state: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** `GET /dev/mailbox` answer: the e-mails the development mailbox kept, newest first. */
export const MailboxListing = Type.Object({
  messages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      to: Type.String(),
      subject: Type.String(),
      text: Type.String(),
      html: Type.String(),
      createdAt: Type.String(),
    }),
  ),
});

/** The `/getsalt` answer: the salt, under the spec's `msg`. */
export const SaltAnswer = Type.Object({ msg: Type.String() });

/** `POST /login` path parameters. */
export const LoginParams = Type.Object({
  email: EmailString,
  hash: Md5Hex,
  uuid: ClientUuid,
  salt: Type.String({ minLength: 1, maxLength: 64 }),
});

/** `POST /login` answer: the user record and a session token. */
export const LoginAnswer = Type.Object({ data: UserSchema, token: Type.String() });

/** `POST /pwrecovery` answer. */
export const RecoveryRequestAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** Which stored document to download. */
export const DocumentTypeParams = Type.Object({
  documentType: Type.Union([Type.Literal('document'), Type.Literal('address_proof')]),
});

/** The downloaded document's body in the OpenAPI document. */
export const DocumentFile = Type.Unsafe<NodeJS.ReadableStream>({
  type: 'string',
  format: 'binary',
  description: 'The file (application/pdf, image/jpeg or image/png)',
});
