/** Chat messages on the wire and on screen (docs/social.md). */

/** A message as the API host answers it ("Chat message (server)"). */
export interface ServerChatMessage {
  id: number;
  user_id: number;
  dst_userId: number;
  chatRoomId: string;
  content: string;
  created_at: string;
  /** 1 read by the addressee, 0 unread. */
  dst_read: 0 | 1;
  /** The sender's own id for the message, when it sent one. */
  messageId: string | null;
  isSystem: boolean;
}

/** Who a message on screen comes from. */
export type ChatMessageType = 'message-sent' | 'message-received' | 'system';
/** Spec §4: a message's delivery status. */
export type ChatMessageStatus = 'pending' | 'sent' | 'delivered' | 'read';
/** Spec §4: the chat's connection status. */
export type ChatConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

/** A message on screen ("Chat message (client)"). */
export interface ClientChatMessage {
  text: string;
  type: ChatMessageType;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** The sender's id for own messages, `server-{id}` for others, `system-…` for system lines. */
  messageId: string;
  status: ChatMessageStatus;
  /** The API host's id, once known. */
  serverId?: number;
}

/** Unread messages from one friend. */
export interface UnreadCount {
  userId: number;
  chatRoomId: string;
  count: number;
}
