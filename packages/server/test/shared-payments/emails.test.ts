import { describe, expect, it } from 'vitest';
import { groupExpiredEmail, invitationEmail } from '../../src/shared-payments/emails.ts';

describe('shared payment e-mails', () => {
  it('shows the share in reais and the deadline on Brasília time, whatever the server zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const mail = invitationEmail({
        to: 'amiga@example.com',
        leaderName: 'Ana',
        eventName: 'Rock Nacional',
        amountCents: 123_456,
        tickets: 2,
        // 02:30 UTC on the 28th is 23:30 of the 27th in São Paulo.
        deadline: new Date('2026-11-28T02:30:00Z'),
        link: 'https://plateia.example/pagamento-compartilhado/cota/1?t=x',
      });
      expect(mail.text).toContain('Sua parte é R$ 1.234,56 e você recebe 2 ingressos.');
      expect(mail.text).toContain('Pague por PIX até 27/11/2026, 23:30 (horário de Brasília).');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('tells what returns in reais when the group closes without every share', () => {
    const mail = groupExpiredEmail({
      to: 'ana@example.com',
      eventName: 'Rock Nacional',
      orderNumber: 'PL-1',
      paidCents: 5,
      detailsUrl: 'https://plateia.example/pedidos/PL-1',
    });
    expect(mail.text).toContain('Os R$ 0,05 pagos voltam');
  });
});
