// The seat-map wire format: what `GET /seat/maps/{eventId}` and its submaps answer. The API
// host builds it and the client reads it, so both import these types from here.

/**
 * One row of seats in columnar form: `ids[i]`, `x[i]`, `y[i]` and `n[i]` (the printed seat
 * number) describe seat i. Columns instead of one object per seat make a 100,000-seat map
 * about a third of the size and let a picker copy them straight into typed arrays.
 */
export interface SeatRow {
  label: string;
  ids: number[];
  x: number[];
  y: number[];
  n: string[];
}

/** A table (mesa) or box: its seats are sold together. */
export interface SeatTable {
  id: number;
  name: string;
  x: number;
  y: number;
  radius: number;
  seatIds: number[];
}

/** A section: its box, its lots, and (when inlined or as a submap) its rows and tables. */
export interface SeatSection {
  id: number;
  name: string;
  kind: 'seats' | 'tables';
  color: string;
  x: number;
  y: number;
  width: number;
  height: number;
  seatCount: number;
  ticketTypeIds: number[];
  priceFromCents: number | null;
  /** Null when the map is too large to inline: fetch `submap` instead. */
  rows: SeatRow[] | null;
  tables: SeatTable[] | null;
  submap: string;
}

/** `GET /seat/maps/{eventId}`: the layout only; statuses come from `GET /seat/status`. */
export interface SeatMap {
  eventId: number;
  version: number;
  /** Bounding box of every section, in venue units (the stage is above y = 0). */
  width: number;
  height: number;
  seatCount: number;
  /** Whether each section carries its rows here (small maps) or only in its submap. */
  inline: boolean;
  sections: SeatSection[];
}

/**
 * What `GET /seat/status` reports for a seat:
 * - `available`: free to hold;
 * - `held`: held by another session (until its hold expires);
 * - `held_by_you`: held by the asking session;
 * - `sold`: sold (or given as courtesy);
 * - `blocked`: not on sale.
 */
export type SeatStatus = 'available' | 'held' | 'held_by_you' | 'sold' | 'blocked';
