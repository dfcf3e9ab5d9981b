/** Support requests as the API host answers them (docs/social.md). */
import type { SupportCategory, SupportStatus } from '../messages/support.ts';

/** A request in the list. */
export interface SupportRequest {
  id: number;
  subject: string;
  category: SupportCategory;
  categoryLabel: string;
  status: SupportStatus;
  orderNumber: string | null;
  ticketId: number | null;
  created_at: string;
  updated_at: string;
}

/** One message of a request's thread. */
export interface SupportMessage {
  id: number;
  author: 'customer' | 'staff';
  body: string;
  created_at: string;
  attachments: { id: number; fileName: string; mime: string; size: number }[];
}

/** An attachment to send: a PDF, JPEG or PNG in base64. */
export interface SupportAttachment {
  fileName: string;
  fileBase64: string;
}

/** What `POST /support/create` takes. */
export interface NewSupportRequest {
  subject: string;
  category: SupportCategory;
  order_id?: number;
  ticket_id?: number;
  text: string;
  attachments?: SupportAttachment[];
}
