import { CHECK_IN_VERDICTS, type CheckInVerdict } from '@plateia/core/rules/check-in-decision';
import { Type } from 'typebox';
import { IdSchema } from './common.ts';

// Door check-in (docs/check-in.md). Every call is for the event's producer only.

/** `{eventId}` in the path. */
export const CheckInParamsSchema = Type.Object({ eventId: IdSchema });

/** A scan's outcome. */
export const CheckInVerdictSchema = Type.Unsafe<CheckInVerdict>({
  type: 'string',
  enum: [...CHECK_IN_VERDICTS],
});

/** A client nonce: a random UUID the scanner draws per scan. */
export const ScanNonceSchema = Type.String({ format: 'uuid', maxLength: 36 });

/** The scanner's id (one browser profile), random. */
export const DeviceIdSchema = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `GET /check-in/events/{eventId}/manifest` query. */
export const ManifestQuerySchema = Type.Object({
  cursor: Type.Optional(
    Type.String({ maxLength: 40, description: '`{microseconds}.{ticketId}` from the last page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50_000 })),
});

/** A ticket in the manifest. */
const CheckInTicketSchema = Type.Object({
  id: Type.Integer(),
  holderVersion: Type.Integer(),
  status: Type.String(),
});

/** A meia-entrada ticket at the door ("MEIA — conferir documento"). */
const CheckInMeiaSchema = Type.Object({
  notice: Type.String(),
  category: Type.String(),
  categoryLabel: Type.String(),
  name: Type.String(),
  document: Type.String(),
  documents: Type.Array(Type.String()),
  differenceCents: Type.Integer(),
});

/** The ticket of `POST /check-in/events/{eventId}/tickets/{ticketId}/meia-upgrade`. */
export const MeiaUpgradeParamsSchema = Type.Object({ eventId: IdSchema, ticketId: IdSchema });

/** The difference to a full ticket was paid at the door. */
export const MeiaUpgradeAnswerSchema = Type.Object({
  ticketId: Type.Integer(),
  differenceCents: Type.Integer(),
  message: Type.String(),
});

/** One page of the manifest. */
export const ManifestAnswerSchema = Type.Object({
  event: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    startsAt: Type.String({ format: 'date-time' }),
    doorsOpenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Admissions count only from here to doorsCloseAt; null: always open (development)',
    }),
    doorsCloseAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  eventKey: Type.String({
    description: 'The event key (base64url, 32 bytes): ticket secrets derive from it.',
  }),
  tickets: Type.Array(
    Type.Union([
      Type.Tuple([Type.Integer(), Type.Integer(), Type.String()]),
      Type.Tuple([
        Type.Integer(),
        Type.Integer(),
        Type.String(),
        Type.Tuple([Type.String(), Type.String(), Type.String(), Type.String(), Type.Integer()]),
      ]),
    ]),
    {
      description:
        '`[ticketId, holderVersion, status]` per ticket changed after the cursor; a meia-entrada ticket adds `[category, categoryLabel, name, document, differenceCents]`',
    },
  ),
  cursor: Type.String(),
  more: Type.Boolean(),
  serverTime: Type.String({ format: 'date-time' }),
});

/** `POST /check-in/events/{eventId}/scan` body. */
export const OnlineScanBodySchema = Type.Object(
  {
    nonce: ScanNonceSchema,
    deviceId: DeviceIdSchema,
    payload: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

/** The server's decision on an online scan. */
export const OnlineScanAnswerSchema = Type.Object({
  verdict: CheckInVerdictSchema,
  admitted: Type.Boolean(),
  message: Type.String(),
  ticketId: Type.Union([Type.Integer(), Type.Null()]),
  holderVersion: Type.Union([Type.Integer(), Type.Null()]),
  duplicate: Type.Boolean(),
  ticket: Type.Union([CheckInTicketSchema, Type.Null()]),
  /** Set for a meia-entrada ticket: the beneficiary to check. */
  meia: Type.Optional(Type.Union([CheckInMeiaSchema, Type.Null()])),
});

/** One offline scan in an upload. */
export const OfflineScanSchema = Type.Object(
  {
    nonce: ScanNonceSchema,
    // Absent when the code could not be read (a nullable field would let 0 coerce to null).
    ticketId: Type.Optional(IdSchema),
    holderVersion: Type.Optional(IdSchema),
    verdict: CheckInVerdictSchema,
    // The code that was scanned: an admission without a valid one is not counted.
    code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
    scannedAt: Type.String({ format: 'date-time', maxLength: 40 }),
  },
  { additionalProperties: false },
);

/** `POST /check-in/events/{eventId}/scans` body. */
export const UploadScansBodySchema = Type.Object(
  {
    deviceId: DeviceIdSchema,
    scans: Type.Array(OfflineScanSchema, { maxItems: 10_000 }),
  },
  { additionalProperties: false },
);

/** What an upload recorded. */
export const UploadScansAnswerSchema = Type.Object({
  recorded: Type.Integer(),
  duplicates: Type.Integer(),
  refused: Type.Array(
    Type.Object({
      nonce: Type.String(),
      ticketId: Type.Union([Type.Integer(), Type.Null()]),
      reason: Type.Union([
        Type.Literal('missing_code'),
        Type.Literal('invalid_code'),
        Type.Literal('wrong_event'),
        Type.Literal('door_closed'),
        Type.Literal('future'),
      ]),
      message: Type.String(),
    }),
    { description: 'Admissions of the batch not counted (no valid code, outside the door window), and why' },
  ),
});

/** `GET /check-in/events/{eventId}/conflicts` answer. */
export const CheckInReportSchema = Type.Object({
  staleAdmissions: Type.Array(
    Type.Object({
      ticketId: Type.Integer(),
      scannedVersion: Type.Integer(),
      currentVersion: Type.Integer(),
      deviceId: Type.String(),
      scannedAt: Type.String({ format: 'date-time' }),
    }),
    { description: "Offline admissions of a code older than the ticket's holder version now" },
  ),
  totals: Type.Record(Type.String(), Type.Integer()),
  admittedTickets: Type.Integer(),
  conflicts: Type.Array(
    Type.Object({
      ticketId: Type.Integer(),
      holderEmail: Type.Union([Type.String(), Type.Null()]),
      ticketType: Type.Union([Type.String(), Type.Null()]),
      scans: Type.Array(
        Type.Object({
          deviceId: Type.String(),
          mode: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
          holderVersion: Type.Union([Type.Integer(), Type.Null()]),
          scannedAt: Type.String({ format: 'date-time' }),
          receivedAt: Type.String({ format: 'date-time' }),
        }),
      ),
    }),
  ),
});

/** `GET /check-in/events` answer: the producer's events. */
export const ProducerEventsAnswerSchema = Type.Object({
  events: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      startsAt: Type.String({ format: 'date-time' }),
      tickets: Type.Integer(),
      used: Type.Integer(),
    }),
  ),
});
