import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedEvent, createEvent } from '../../src/catalogue/create.ts';
import { newSessionId, post, sectionSeatIds, theatreInput } from '../catalogue/fixtures.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('GET /seat/status answers only what was asked', () => {
  let t: TestApp;
  let theatre: CreatedEvent;
  let seats: number[];
  const status = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/seat/status?eventId=${theatre.id}${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as Record<string, string>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    theatre = await createEvent(t.database.db, theatreInput('teatro-status'));
    seats = await sectionSeatIds(t.database.db, theatre.sections[0]!.id);
    const held = await post(t.app, '/seat/hold', {
      eventId: theatre.id,
      seatIds: seats.slice(0, 2),
      sessionId: newSessionId(),
    });
    expect(held.status).toBe(200);
  });
  afterAll(() => t.close());

  it('answers nothing for an empty list of seat ids instead of the whole event', async () => {
    expect(await status('&seatIds=')).toEqual({});
    expect(await status('&seatIds=,')).toEqual({});
    expect(await status('&seatIds=&seatIds=')).toEqual({});
  });

  it('answers the seats named, and the sparse view only when no list is given', async () => {
    expect(await status(`&seatIds=${seats[0]},${seats[5]}`)).toEqual({
      [seats[0]!]: 'held',
      [seats[5]!]: 'available',
    });
    expect(await status('')).toEqual({ [seats[0]!]: 'held', [seats[1]!]: 'held' });
  });
});
