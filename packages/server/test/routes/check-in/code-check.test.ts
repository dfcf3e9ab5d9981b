import { createHmac, randomBytes } from 'node:crypto';
import { checkTicketCode, deriveTicketSecret, ticketCodeAt } from '@plateia/core/rules/ticket-code';
import { describe, expect, it } from 'vitest';
import { codeMatches } from '../../../src/check-in/scans.ts';

// The upload checks codes with Node's HMAC; it must agree with core's check everywhere.
describe("the upload's code check", () => {
  it("agrees with core's checkTicketCode on the secret, the step and the window", async () => {
    const eventKey = new Uint8Array(randomBytes(32));
    const base = Date.parse('2026-11-24T20:00:00.000Z');
    for (let index = 0; index < 200; index++) {
      const ticketId = 1 + index * 7919;
      const secret = await deriveTicketSecret(eventKey, ticketId, 1 + (index % 3));
      const node = createHmac('sha256', eventKey)
        .update(`plateia-ticket:${ticketId}:${1 + (index % 3)}`)
        .digest()
        .subarray(0, 20);
      expect(new Uint8Array(node)).toEqual(secret);
      const at = base + index * 4_321;
      for (const shown of [at - 31_000, at - 15_000, at, at + 14_000, at + 16_000, at + 45_000]) {
        const code = ticketCodeAt(secret, shown);
        expect(codeMatches(node, code, at), `${index} ${shown - at}`).toBe(checkTicketCode(secret, code, at));
      }
      expect(codeMatches(node, '12345', at)).toBe(false);
    }
  });
});
