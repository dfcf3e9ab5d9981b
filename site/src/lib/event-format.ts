/**
 * How the storefront writes events for people: lot labels, availability, images and
 * placeholders. Pure functions, shared by the home, the event page and "Meus Ingressos", so
 * every page says the same thing the same way. Dates are core's (`@plateia/core/format/dates`).
 */
import type { EventSummary, TicketTypeInfo } from '@plateia/core';
import { formatDayMonth } from '@plateia/core/format/dates';
import { nextLotLabel } from '@plateia/core/messages/catalogue';

/** "1º lote" for lot 1 (`n_number`). */
export function lotLabel(nNumber: number): string {
  return `${nNumber}º lote`;
}

/** How a ticket type's availability reads on the event page. */
export interface Availability {
  /** Whether the type can be put in the cart now. */
  buyable: boolean;
  /** pt-BR label: "Esgotado", "Vendas encerradas", "Últimas unidades", "Disponível". */
  label: string;
  tone: 'ok' | 'low' | 'off';
}

/** Few enough units left to warn the buyer. */
export const LOW_STOCK_THRESHOLD = 20;

/**
 * Availability of a lot; a past event sells nothing. With its type's `group`, a lot that
 * is not the current one reads "Em breve" (a later lot, opening when the current one sells
 * out or at its time) or "Encerrado" (an earlier lot closed by date).
 */
export function ticketAvailability(type: TicketTypeInfo, isPast: boolean, group?: TicketGroup): Availability {
  if (isPast) return { buyable: false, label: 'Vendas encerradas', tone: 'off' };
  if (type.soldOut || type.available <= 0) return { buyable: false, label: 'Esgotado', tone: 'off' };
  if (group && !type.numerationSelected && !type.current) {
    const current = group.lots.findIndex((lot) => lot.current);
    const position = group.lots.indexOf(type);
    if (current >= 0 && position < current) return { buyable: false, label: 'Encerrado', tone: 'off' };
    if (current >= 0) return { buyable: false, label: 'Em breve', tone: 'off' };
  }
  if (!type.onSale) return { buyable: false, label: 'Fora de venda', tone: 'off' };
  if (type.available <= LOW_STOCK_THRESHOLD) return { buyable: true, label: 'Últimas unidades', tone: 'low' };
  return { buyable: true, label: 'Disponível', tone: 'ok' };
}

/**
 * The current lot's line about the next one: "Próximo lote: R$ 150,00", with its date when it
 * opens by date ("… a partir de 15/12, ou quando este esgotar"); null when there is none.
 */
export function lotTurnLine(type: TicketTypeInfo): string | null {
  const next = type.nextLot;
  if (!type.current || !next) return null;
  const line = nextLotLabel(next.priceCents);
  if (!next.opensAt) return line;
  const opens = formatDayMonth(next.opensAt);
  return opens ? `${line} a partir de ${opens}, ou quando este esgotar` : line;
}

/** Ticket types with the same name (e.g. "Pista"), their lots in order. */
export interface TicketGroup {
  name: string;
  lots: TicketTypeInfo[];
}

/**
 * Groups lots by ticket-type name, keeping the API's order of first appearance and
 * sorting each group's lots by `n_number`, so "Pista" shows its 1º, 2º and 3º lotes together.
 */
export function groupTicketTypes(types: readonly TicketTypeInfo[]): TicketGroup[] {
  const groups = new Map<string, TicketTypeInfo[]>();
  for (const type of types) {
    const lots = groups.get(type.name) ?? [];
    lots.push(type);
    groups.set(type.name, lots);
  }
  return [...groups].map(([name, lots]) => ({ name, lots: lots.sort((a, b) => a.n_number - b.n_number) }));
}

/**
 * An event image's address, or `null` without one. Only `http(s)` URLs and site paths
 * (`/images/…`) are used; anything else (`javascript:`, data) is ignored.
 */
export function eventImageSrc(image: string | null | undefined): string | null {
  const value = image?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return null;
}

const PLACEHOLDER_HUES = [262, 292, 328, 200, 160, 24] as const;

/**
 * A gradient for events without an image (or whose image fails to load), stable per
 * event so a card keeps its colours between visits.
 */
export function placeholderGradient(key: string | number): string {
  let hash = 0;
  for (const char of String(key)) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = PLACEHOLDER_HUES[hash % PLACEHOLDER_HUES.length] ?? 262;
  const second = (hue + 48) % 360;
  return `linear-gradient(135deg, hsl(${hue} 72% 38%) 0%, hsl(${second} 70% 22%) 60%, #101018 100%)`;
}

/** "Brasília - DF · Parque da Cidade" style line, skipping missing parts. */
export function venueLine(event: Pick<EventSummary, 'venue' | 'city'>): string {
  return [event.venue, event.city].filter((part) => part?.trim()).join(' · ');
}

/** The event page's address: `/eventos/{slug}` (by id when an event has no slug). */
export function eventPath(event: Pick<EventSummary, 'id' | 'slug'>): string {
  return `/eventos/${encodeURIComponent(event.slug || String(event.id))}`;
}
