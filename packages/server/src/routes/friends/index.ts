import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FRIEND_ACCEPT_MESSAGES,
  FRIEND_ADD_MESSAGES,
  FRIEND_DELETE_MESSAGES,
  FRIEND_DENY_MESSAGES,
  FRIEND_SETTINGS_SAVED,
} from '@plateia/core/messages/friends';
import { acceptFriendship, addFriend, listFriendships, removeFriendship } from '../../friends/friendships.ts';
import { readFriendlyAccept, saveFriendlyAccept } from '../../friends/settings.ts';
import { assertSelf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { takeOrRefuse } from '../../rate-limits/backoff.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  FriendAcceptBody,
  FriendAddBody,
  FriendDeleteBody,
  FriendDoneAnswer,
  FriendIsPublicBody,
  FriendListAnswer,
  FriendListBody,
  FriendSettingsAnswer,
  FriendUpdateBody,
} from '../../schemas/friends.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

/** Friend requests one account may send in an hour. */
export const FRIEND_REQUESTS_PER_HOUR = 20;

/**
 * Friends (docs/social.md: the "friendly" calls and their statuses). The customer always comes from the
 * session: a `customerid` or `from_customer_id` naming someone else answers 403.
 */
const friends: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['friends'], security: [{ bearer: [] }] };

  app.post(
    '/friendly/list',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Friends (status 1) or pending requests (status 2)',
        body: FriendListBody,
        response: { 200: FriendListAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.body.customerid);
      return {
        friendships: await listFriendships(app.database.db, request.customer.id, request.body.status),
      };
    },
  );

  app.post(
    '/friendly/accept',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Accepts a request addressed to the customer',
        body: FriendAcceptBody,
        response: { 200: FriendDoneAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.body.customerid);
      await acceptFriendship(app.database.db, request.body.id, request.customer.id, app.now());
      return { success: true, message: FRIEND_ACCEPT_MESSAGES.success };
    },
  );

  app.post(
    '/friendly/del',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Denies or withdraws a request, or removes a friend',
        body: FriendDeleteBody,
        response: { 200: FriendDoneAnswer, ...errors },
      },
    },
    async (request) => {
      const { id, customerid, to_customer_id, status } = request.body;
      assertSelf(request, customerid);
      const removed = await removeFriendship(app.database.db, {
        id,
        customerId: request.customer.id,
        otherId: to_customer_id,
        expectedStatus: status,
      });
      return {
        success: true,
        message: removed === 1 ? FRIEND_DELETE_MESSAGES.success : FRIEND_DENY_MESSAGES.success,
      };
    },
  );

  app.post(
    '/friendly/add',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Sends a friend request to the account of an e-mail',
        body: FriendAddBody,
        response: { 200: FriendDoneAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.body.from_customer_id);
      // Each request also tells whether an e-mail has an account ("Usuário não localizado!"):
      // counted per account, so nobody walks a list of addresses through it.
      await takeOrRefuse(
        app.rateLimits,
        { prefix: 'friend-add', points: FRIEND_REQUESTS_PER_HOUR, durationSeconds: 60 * 60 },
        String(request.customer.id),
        FRIEND_ADD_MESSAGES[429],
      );
      const outcome = await addFriend(
        app.database.db,
        request.customer.id,
        request.body.to_customer_user,
        app.now(),
      );
      if (outcome === 'private') throw new HttpError(403, FRIEND_ADD_MESSAGES[403], 'not_public');
      return { success: true, message: FRIEND_ADD_MESSAGES.success };
    },
  );

  app.post(
    '/friendly/update',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Saves the public-profile setting (friendly_accept 1 or 2)',
        body: FriendUpdateBody,
        response: { 200: FriendSettingsAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.body.customerid);
      await saveFriendlyAccept(app.database.db, request.customer.id, request.body.friendly_accept, app.now());
      return { success: true, friendly_accept: request.body.friendly_accept, message: FRIEND_SETTINGS_SAVED };
    },
  );

  app.post(
    '/friendly/ispublic',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The customer's public-profile setting",
        body: FriendIsPublicBody,
        response: { 200: FriendSettingsAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.body.customerid);
      return {
        success: true,
        friendly_accept: await readFriendlyAccept(app.database.db, request.customer.id),
      };
    },
  );
};

export default friends;
