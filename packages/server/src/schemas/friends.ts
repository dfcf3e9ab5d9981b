import { Type } from 'typebox';
import { IdSchema } from './common.ts';

// Spec §7 "friendly" calls: the parameter names are the spec's.

/** 1 = accepted friends, 2 = pending requests. */
export const FriendshipStatusSchema = Type.Union([Type.Literal(1), Type.Literal(2)]);

/** `POST /friendly/list`. */
export const FriendListBody = Type.Object(
  { customerid: IdSchema, status: FriendshipStatusSchema },
  { additionalProperties: false },
);

/** `POST /friendly/accept`. */
export const FriendAcceptBody = Type.Object(
  { id: IdSchema, customerid: IdSchema },
  { additionalProperties: false },
);

/** `POST /friendly/del`; `status` (optional) is the status the client expects the friendship in. */
export const FriendDeleteBody = Type.Object(
  {
    id: IdSchema,
    customerid: IdSchema,
    to_customer_id: IdSchema,
    status: Type.Optional(FriendshipStatusSchema),
  },
  { additionalProperties: false },
);

/** `POST /friendly/add`. */
export const FriendAddBody = Type.Object(
  { from_customer_id: IdSchema, to_customer_user: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);

/** `POST /friendly/update`. */
export const FriendUpdateBody = Type.Object(
  { friendly_accept: FriendshipStatusSchema, customerid: IdSchema },
  { additionalProperties: false },
);

/** `POST /friendly/ispublic`. */
export const FriendIsPublicBody = Type.Object({ customerid: IdSchema }, { additionalProperties: false });

/** The other member of a friendship. */
export const FriendSchema = Type.Object({
  id: Type.Integer(),
  user: Type.String(),
  namef: Type.String(),
  namel: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  public: Type.Boolean(),
});

/** One friendship as listed. */
export const FriendshipSchema = Type.Object({
  id: Type.Integer(),
  status: FriendshipStatusSchema,
  direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
  created_at: Type.String(),
  accepted_at: Type.Union([Type.String(), Type.Null()]),
  chatRoomId: Type.Union([Type.String(), Type.Null()]),
  friend: FriendSchema,
});

/** `/friendly/list` answer. */
export const FriendListAnswer = Type.Object({ friendships: Type.Array(FriendshipSchema) });

/** Answer of the calls that change something: the pt-BR message to show. */
export const FriendDoneAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** `/friendly/ispublic` and `/friendly/update` answers. */
export const FriendSettingsAnswer = Type.Object({
  success: Type.Boolean(),
  friendly_accept: FriendshipStatusSchema,
  message: Type.Optional(Type.String()),
});
