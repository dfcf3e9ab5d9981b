import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGES } from '../messages/rate-limits.ts';
import { SEAT_MESSAGES } from '../messages/seat-hold.ts';
import {
  addSeatHold,
  groupBySession,
  holderSessionOf,
  holdFailureMessage,
  isSeatRecorded,
  removeSeatHold,
  SEAT_HOLD_SECONDS,
  SEAT_SERVICE_DEFAULT_HOLD_SECONDS,
  seatAddBlocker,
} from './seat-hold.ts';

describe('seat flow checks', () => {
  it('holds for 600 s while the service default is 900 s', () => {
    expect(SEAT_HOLD_SECONDS).toBe(600);
    expect(SEAT_SERVICE_DEFAULT_HOLD_SECONDS).toBe(900);
  });

  it('lets an available seat not in the cart through', () => {
    expect(seatAddBlocker(['a1'], { a1: 'available' }, new Set())).toBeNull();
  });

  it('lets this session take back a seat it still holds', () => {
    expect(seatAddBlocker(['a1', 'a2'], { a1: 'held_by_you', a2: 'available' }, new Set())).toBeNull();
  });

  it('refuses a seat that is not available, or unknown to the service', () => {
    expect(seatAddBlocker(['a1'], { a1: 'held' }, new Set())).toBe('Este assento não está mais disponível');
    expect(seatAddBlocker(['a1'], { a1: 'sold' }, new Set())).toBe(SEAT_MESSAGES.notAvailable);
    expect(seatAddBlocker(['a1'], {}, new Set())).toBe(SEAT_MESSAGES.notAvailable);
    expect(seatAddBlocker(['t1', 't2'], { t1: 'available', t2: 'blocked' }, new Set())).toBe(
      SEAT_MESSAGES.notAvailable,
    );
  });

  it('says the seat is in the cart before saying it is taken', () => {
    expect(seatAddBlocker(['a1'], { a1: 'held' }, new Set(['a1']))).toBe(
      'Este assento já está no seu carrinho',
    );
  });

  it('refuses an empty selection', () => {
    expect(seatAddBlocker([], {}, new Set())).toBe('Erro ao adicionar assento ao carrinho');
  });
});

describe('hold failure messages', () => {
  it('uses the 409 text or the server message for 409', () => {
    expect(holdFailureMessage(409)).toBe('Este assento acabou de ser reservado por outra pessoa');
    expect(holdFailureMessage(409, '  ')).toBe(SEAT_MESSAGES.takenByAnother);
    expect(holdFailureMessage(409, 'Assento vendido')).toBe('Assento vendido');
  });

  it("keeps a virtual queue's 403 text, which says to join the queue", () => {
    const text = 'Este evento tem fila virtual: entre na fila para comprar.';
    expect(holdFailureMessage(403, text)).toBe(text);
    expect(holdFailureMessage(403)).toBe(SEAT_MESSAGES.addFailed);
  });

  it("shows a hold limit's own text (429), or says to wait", () => {
    const cap = RATE_LIMIT_MESSAGES.seatHoldHolderCap(10);
    expect(holdFailureMessage(429, cap)).toBe(cap);
    expect(holdFailureMessage(429, ' ')).toBe(RATE_LIMIT_MESSAGES.seatHoldTooFast);
    expect(holdFailureMessage(429)).toBe(
      'Muitas reservas de assento em pouco tempo. Aguarde um momento e tente novamente.',
    );
  });

  it('uses the default add error for anything else', () => {
    expect(holdFailureMessage(500, 'boom')).toBe('Erro ao adicionar assento ao carrinho');
    expect(holdFailureMessage(0)).toBe(SEAT_MESSAGES.addFailed);
    expect(SEAT_MESSAGES.removeFailed).toBe('Erro ao remover assento do carrinho');
  });
});

describe('seat hold records', () => {
  it('merges seats per event without duplicates and drops empty records', () => {
    let holds = addSeatHold([], 7, ['a1']);
    holds = addSeatHold(holds, '7', ['a1', 'a2']);
    holds = addSeatHold(holds, 8, ['b1']);
    expect(holds).toEqual([
      { eventId: 7, seatIds: ['a1', 'a2'] },
      { eventId: 8, seatIds: ['b1'] },
    ]);
    holds = removeSeatHold(holds, 7, ['a1']);
    expect(holds[0]).toEqual({ eventId: 7, seatIds: ['a2'] });
    expect(removeSeatHold(holds, 8, ['b1'])).toEqual([{ eventId: 7, seatIds: ['a2'] }]);
  });

  it('keeps the holding session per record and moves a seat taken by another session', () => {
    let holds = addSeatHold([], 7, ['a1', 'a2'], 'tab-a');
    holds = addSeatHold(holds, 7, ['a3'], 'tab-b');
    holds = addSeatHold(holds, 7, ['a2'], 'tab-b');
    expect(holds).toEqual([
      { eventId: 7, seatIds: ['a1'], sessionId: 'tab-a' },
      { eventId: 7, seatIds: ['a3', 'a2'], sessionId: 'tab-b' },
    ]);
    expect(holderSessionOf(holds, '7', 'a1')).toBe('tab-a');
    expect(holderSessionOf(holds, 7, 'zz')).toBeUndefined();
    expect(isSeatRecorded(holds, 7, 'a3')).toBe(true);
    expect(isSeatRecorded(holds, 8, 'a3')).toBe(false);
    expect(removeSeatHold(holds, 7, ['a1'])).toEqual([
      { eventId: 7, seatIds: ['a3', 'a2'], sessionId: 'tab-b' },
    ]);
  });

  it('groups seats by holding session, unknown ones under the fallback', () => {
    const holds = addSeatHold(addSeatHold([], 7, ['a1'], 'tab-a'), 7, ['a2'], 'tab-b');
    expect(groupBySession(holds, 7, ['a1', 'a2', 'a9'], 'tab-c')).toEqual([
      { eventId: 7, seatIds: ['a1'], sessionId: 'tab-a' },
      { eventId: 7, seatIds: ['a2'], sessionId: 'tab-b' },
      { eventId: 7, seatIds: ['a9'], sessionId: 'tab-c' },
    ]);
  });
});
