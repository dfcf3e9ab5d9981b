import { describe, expect, it } from 'vitest';
import { decideScan } from './check-in-decision.ts';

describe('decision table: the door window', () => {
  const ticket = { id: 5, holderVersion: 1, status: 'valid' };
  const context = (open: boolean, status = 'valid') => ({
    findTicket: () => ({ ...ticket, status }),
    checkCode: () => true,
    doorOpen: () => open,
  });

  it('refuses what would admit while the doors are closed, and admits once open', async () => {
    expect(await decideScan('PLT1.5.1.123456', context(false))).toEqual({
      verdict: 'door_closed',
      admitted: false,
      ticketId: 5,
      holderVersion: 1,
    });
    expect((await decideScan('PLT1.5.1.123456', context(true))).verdict).toBe('admitted');
  });

  it("still says what the ticket is before the door's hours", async () => {
    expect((await decideScan('PLT1.5.1.123456', context(false, 'used'))).verdict).toBe('already_used');
    expect((await decideScan('PLT1.5.1.123456', context(false, 'refunded'))).verdict).toBe('refunded');
  });
});
