/**
 * Dates and times as people read them, in one place: pt-BR, on Brasília time
 * (`America/Sao_Paulo`, the zone of the venues and of most buyers), whatever the zone of
 * the server or of the visitor's device. The server's markup and the browser's hydration
 * therefore print the same text, and an event at 23:30 in São Paulo never shows as the next
 * day on a server running in UTC. Every function takes a `Date`, an ISO string or epoch
 * milliseconds and gives `''` for anything that is not a date (never "Invalid Date").
 */

/** The zone every date is shown in. */
export const TIME_ZONE = 'America/Sao_Paulo';

/** A moment as the API and the stores carry it. */
export type DateInput = Date | string | number;

// Each shape people see; the formatters are built on first use and kept.
const SHAPES = {
  date: { dateStyle: 'short' },
  dayMonth: { day: '2-digit', month: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  timeSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'short', timeStyle: 'medium' },
  weekdayDayMonth: { weekday: 'short', day: '2-digit', month: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  day: { day: '2-digit' },
  month: { month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Shape = keyof typeof SHAPES;

const formatters = new Map<Shape, Intl.DateTimeFormat>();

function formatter(shape: Shape): Intl.DateTimeFormat {
  let found = formatters.get(shape);
  if (!found) {
    found = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, ...SHAPES[shape] });
    formatters.set(shape, found);
  }
  return found;
}

/** The moment `value` names, or null when it names none. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(shape: Shape, value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? formatter(shape).format(date) : '';
}

/** "27/11/2026". */
export function formatDate(value: DateInput | null | undefined): string {
  return format('date', value);
}

/** "15/12": a day of this year, as in "a partir de 15/12". */
export function formatDayMonth(value: DateInput | null | undefined): string {
  return format('dayMonth', value);
}

/** "23:30". */
export function formatTime(value: DateInput | null | undefined): string {
  return format('time', value);
}

/** "23:30:05": where seconds matter (a door's scan log, the last sync). */
export function formatTimeWithSeconds(value: DateInput | null | undefined): string {
  return format('timeSeconds', value);
}

/** "27/11/2026, 23:30". */
export function formatDateTime(value: DateInput | null | undefined): string {
  return format('dateTime', value);
}

/** "27/11/2026, 23:30:05". */
export function formatDateTimeWithSeconds(value: DateInput | null | undefined): string {
  return format('dateTimeSeconds', value);
}

/** An event on a card: "ter., 15 de dez. · 11:00". */
export function formatEventDateShort(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatter('weekdayDayMonth').format(date)} · ${formatter('time').format(date)}` : '';
}

/** An event on its page: "terça-feira, 15 de dezembro de 2026, às 11:00". */
export function formatEventDateLong(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatter('longDate').format(date)}, às ${formatter('time').format(date)}` : '';
}

/** A card's calendar badge: `{ day: "15", month: "DEZ" }`; null for no date. */
export function eventDateBadge(value: DateInput | null | undefined): { day: string; month: string } | null {
  const date = toDate(value);
  if (!date) return null;
  const month = formatter('month').format(date).replace('.', '').toUpperCase();
  return { day: formatter('day').format(date), month };
}
