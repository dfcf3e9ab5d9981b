/**
 * The devolução machine's transitions table (docs/payments.md, "Devoluções"): what the PSP's
 * word does to a record, whoever owns it (a refund, a wallet return).
 */
import { describe, expect, it } from 'vitest';
import { type DevolucaoStanding, devolucaoStep, needsNewAttempt } from '../../src/payments/pix/devolucoes.ts';
import type { DevolucaoStatus } from '../../src/payments/pix/provider.ts';

const at = (state: DevolucaoStanding['state'], attempts = 1, id: string | null = 'RF1N1') => ({
  id,
  attempts,
  state,
});

describe('devolução transitions', () => {
  const cases: [string, DevolucaoStanding, DevolucaoStatus, string, ReturnType<typeof devolucaoStep>][] = [
    ['open, in processing', at('open'), 'EM_PROCESSAMENTO', 'RF1N1', { to: 'processing' }],
    ['open, returned', at('open'), 'DEVOLVIDO', 'RF1N1', { to: 'returned' }],
    [
      'open, not made, attempts left',
      at('open', 1),
      'NAO_REALIZADO',
      'RF1N1',
      { to: 'not_made', last: false, motivo: 'conta encerrada' },
    ],
    [
      'open, not made, last attempt',
      at('open', 3),
      'NAO_REALIZADO',
      'RF1N1',
      { to: 'not_made', last: true, motivo: 'conta encerrada' },
    ],
    ['news of an older attempt', at('open', 2, 'RF1N2'), 'DEVOLVIDO', 'RF1N1', { to: 'unchanged' }],
    ['closed, returned again', at('closed'), 'DEVOLVIDO', 'RF1N1', { to: 'unchanged' }],
    ['closed, not made', at('closed'), 'NAO_REALIZADO', 'RF1N1', { to: 'unchanged' }],
    ['failed, then returned after all', at('failed'), 'DEVOLVIDO', 'RF1N1', { to: 'returned' }],
    ['failed, not made again', at('failed'), 'NAO_REALIZADO', 'RF1N1', { to: 'unchanged' }],
    ['failed, in processing', at('failed'), 'EM_PROCESSAMENTO', 'RF1N1', { to: 'unchanged' }],
  ];
  it.each(cases)('%s', (_name, standing, status, id, expected) => {
    expect(devolucaoStep(standing, { id, status, motivo: 'conta encerrada' }, 3)).toEqual(expected);
  });

  it('names NAO_REALIZADO as the reason when the PSP gives none', () => {
    expect(devolucaoStep(at('open', 1), { id: 'RF1N1', status: 'NAO_REALIZADO' }, 1)).toEqual({
      to: 'not_made',
      last: true,
      motivo: 'NAO_REALIZADO',
    });
  });

  it('opens a new attempt before the first one and after one not made, never while one is open', () => {
    expect(needsNewAttempt(at('open', 0, null))).toBe(true);
    expect(needsNewAttempt(at('failed', 1))).toBe(true);
    expect(needsNewAttempt(at('open', 1))).toBe(false);
    expect(needsNewAttempt(at('closed', 1))).toBe(false);
  });
});
