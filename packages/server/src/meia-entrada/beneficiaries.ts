import type { MeiaBeneficiary } from '@plateia/core/contracts/catalogue';
import { MEIA_MESSAGES } from '@plateia/core/messages/meia-entrada';
import { normaliseMeiaDocument } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';

/**
 * Beneficiaries of meia tickets: each meia line names its category, name and document, and a
 * document number holds at most one meia per event (`meia_claims`, docs/meia-entrada.md).
 */

/** A beneficiary as stored: trimmed name, normalised document. */
export function cleanBeneficiary(beneficiary: MeiaBeneficiary): MeiaBeneficiary {
  const name = beneficiary.name.trim().replace(/\s+/g, ' ');
  const document = normaliseMeiaDocument(beneficiary.document);
  if (name.length < 2 || document.length < 4) {
    throw new HttpError(400, MEIA_MESSAGES.beneficiaryIncomplete, 'validation');
  }
  return { category: beneficiary.category.trim(), name, document };
}

/**
 * Claims the documents for the order: one meia per document per event. A claim held by an
 * order that ended, or a reservation past its expiry, is taken over; a live one is not.
 * Throws 409 when a document already holds a meia of the event.
 */
export async function claimDocuments(
  tx: Queryable,
  eventId: number,
  orderId: number,
  documents: string[],
): Promise<void> {
  if (documents.length === 0) return;
  const claimed = await selectRows<{ document: string }>(
    tx,
    sql`INSERT INTO meia_claims (event_id, document, order_id)
        SELECT ${eventId}::int, d.value, ${orderId}::int FROM json_array_elements_text(${JSON.stringify(documents)}::json) AS d
        ON CONFLICT (event_id, document) DO UPDATE SET order_id = EXCLUDED.order_id
        WHERE EXISTS (
          SELECT 1 FROM orders o WHERE o.id = meia_claims.order_id
            AND (o.status IN ('expired', 'cancelled') OR (o.status = 'reserved' AND o.expires_at <= now())))
        RETURNING document`,
  );
  if (claimed.length < documents.length) {
    throw new HttpError(409, MEIA_MESSAGES.documentUsed, 'meia_document_used');
  }
}
