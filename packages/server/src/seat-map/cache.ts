import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Queryable } from '../db/sql.ts';
import { buildSeatMap, buildSubmap, mapVersion } from './layout.ts';

/** A serialised answer with its validator, kept per event and layout version. */
export interface CachedBody {
  body: string;
  /** The body gzip-compressed once, for clients that accept it (most of a map is digits). */
  gzip: Buffer;
  etag: string;
}

/**
 * Layouts change rarely and are read by every picker, so each API process keeps the
 * serialised answer per (event, version, part). A layout change bumps the event's
 * `seat_map_version`, which changes the key, so a stale entry is never served.
 */
export class SeatMapCache {
  readonly #entries = new Map<string, CachedBody>();
  readonly #capacity: number;

  constructor(capacity = 64) {
    this.#capacity = capacity;
  }

  /** The cached body for `key`, building and storing it on a miss (null stays uncached). */
  async get(key: string, build: () => Promise<unknown | null>): Promise<CachedBody | null> {
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-insert to keep the map in least-recently-used order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const value = await build();
    if (value === null) return null;
    const body = JSON.stringify(value);
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const entry = { body, gzip: gzipSync(body), etag };
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return entry;
  }
}

/**
 * An event's layouts (the map and its submaps) as cached bodies, keyed by the event's
 * current map version, so an edited layout is served fresh on the next read.
 */
export class CachedLayouts {
  readonly #db: Queryable;
  readonly #cache: SeatMapCache;

  constructor(db: Queryable, cache = new SeatMapCache()) {
    this.#db = db;
    this.#cache = cache;
  }

  /** The event's map; null when the event is unknown, a draft, or has no seat map. */
  map(eventId: number): Promise<CachedBody | null> {
    return this.#cached(eventId, 'map', (version) => buildSeatMap(this.#db, eventId, version));
  }

  /** One section of the event with its rows and tables; null when it is not the event's. */
  submap(eventId: number, sectionId: number): Promise<CachedBody | null> {
    return this.#cached(eventId, `submap:${sectionId}`, () => buildSubmap(this.#db, eventId, sectionId));
  }

  async #cached(
    eventId: number,
    part: string,
    build: (version: number) => Promise<unknown | null>,
  ): Promise<CachedBody | null> {
    const version = await mapVersion(this.#db, eventId);
    return version === null ? null : this.#cache.get(`${part}:${eventId}:${version}`, () => build(version));
  }
}
