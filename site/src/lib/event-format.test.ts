import type { TicketTypeInfo } from '@plateia/core';
import { describe, expect, it } from 'vitest';
import {
  eventImageSrc,
  eventPath,
  groupTicketTypes,
  lotLabel,
  lotTurnLine,
  placeholderGradient,
  ticketAvailability,
  venueLine,
} from './event-format.ts';

const lot = (fields: Partial<TicketTypeInfo>): TicketTypeInfo => ({
  id: 1,
  name: 'Pista',
  description: '',
  n_number: 1,
  priceCents: 12000,
  available: 300,
  perOrderLimit: 6,
  numerationSelected: false,
  sectionId: null,
  onSale: true,
  soldOut: false,
  lotLabel: '1º lote',
  current: true,
  nextLot: null,
  ...fields,
});

describe('lot turnover on the page', () => {
  const first = lot({ id: 1, n_number: 1, current: false, onSale: false, lotLabel: '1º lote' });
  const second = lot({
    id: 2,
    n_number: 2,
    current: true,
    nextLot: { id: 3, n_number: 3, priceCents: 15_000, lotLabel: '3º lote', opensAt: null },
  });
  const third = lot({ id: 3, n_number: 3, current: false, onSale: false, priceCents: 15_000 });
  const group = { name: 'Pista', lots: [first, second, third] };

  it('says which lots closed, which sells now and which comes next', () => {
    expect(ticketAvailability(first, false, group).label).toBe('Encerrado');
    expect(ticketAvailability(second, false, group).buyable).toBe(true);
    expect(ticketAvailability(third, false, group)).toMatchObject({ buyable: false, label: 'Em breve' });
  });

  it('names the next lot and its price, with its date when it opens by date', () => {
    expect(lotTurnLine(second)).toBe('Próximo lote: R$ 150,00');
    expect(lotTurnLine(third)).toBeNull();
    const dated = lot({
      current: true,
      nextLot: {
        id: 3,
        n_number: 2,
        priceCents: 12_000,
        lotLabel: '2º lote',
        opensAt: '2026-12-15T15:00:00.000Z',
      },
    });
    expect(lotTurnLine(dated)).toBe('Próximo lote: R$ 120,00 a partir de 15/12, ou quando este esgotar');
  });
});

describe('ticket availability', () => {
  it('sells lots on sale with stock, warning when few are left', () => {
    expect(ticketAvailability(lot({}), false)).toEqual({ buyable: true, label: 'Disponível', tone: 'ok' });
    expect(ticketAvailability(lot({ available: 5 }), false).label).toBe('Últimas unidades');
  });

  it('does not sell sold-out, off-sale lots or anything of a past event', () => {
    expect(ticketAvailability(lot({ soldOut: true, available: 0 }), false)).toMatchObject({
      buyable: false,
      label: 'Esgotado',
    });
    expect(ticketAvailability(lot({ onSale: false }), false)).toMatchObject({
      buyable: false,
      label: 'Fora de venda',
    });
    expect(ticketAvailability(lot({}), true)).toMatchObject({ buyable: false, label: 'Vendas encerradas' });
  });
});

describe('ticket groups', () => {
  it('groups lots by name in order of first appearance, lots sorted by number', () => {
    const groups = groupTicketTypes([
      lot({ id: 3, n_number: 3 }),
      lot({ id: 4, name: 'Meia-entrada' }),
      lot({ id: 1, n_number: 1 }),
      lot({ id: 2, n_number: 2 }),
    ]);
    expect(groups.map((group) => group.name)).toEqual(['Pista', 'Meia-entrada']);
    expect(groups[0]?.lots.map((type) => type.id)).toEqual([1, 2, 3]);
    expect(lotLabel(2)).toBe('2º lote');
  });
});

describe('images and places', () => {
  it('accepts http(s) and site paths only', () => {
    expect(eventImageSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(eventImageSrc('/images/eventos/a.jpg')).toBe('/images/eventos/a.jpg');
    expect(eventImageSrc('')).toBeNull();
    expect(eventImageSrc('javascript:alert(1)')).toBeNull();
    expect(eventImageSrc('//evil.example/a.jpg')).toBeNull();
  });

  it('gives each event a stable placeholder gradient', () => {
    expect(placeholderGradient('festival')).toBe(placeholderGradient('festival'));
    expect(placeholderGradient('festival')).toMatch(/^linear-gradient\(135deg, hsl\(/);
  });

  it('joins venue and city and builds event paths by slug', () => {
    expect(venueLine({ venue: 'Parque da Cidade', city: 'Brasília - DF' })).toBe(
      'Parque da Cidade · Brasília - DF',
    );
    expect(venueLine({ venue: '', city: 'Recife - PE' })).toBe('Recife - PE');
    expect(eventPath({ id: 7, slug: 'rock-nacional' })).toBe('/eventos/rock-nacional');
    expect(eventPath({ id: 7, slug: '' })).toBe('/eventos/7');
  });
});
