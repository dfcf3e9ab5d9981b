/**
 * The one `@nanostores/query` context of the account-side stores (docs/core.md, "Fetching,
 * caching and polling"): fetcher stores for reads (loaded when first watched, answers
 * reused for `dedupeTime`, stale answers shown while a new one loads, polling with
 * `revalidateInterval`) and mutator stores for writes. Each store passes its own fetcher, a
 * call of its domain's `api/<domain>.ts` module, so every request still goes through the one
 * API client and its pt-BR error mapping. The light elements (buy button, cart bar) never
 * import this module, so the library stays out of their chunk.
 */
import { nanoquery } from '@nanostores/query';
import { computed, type MapStore, type ReadableAtom } from 'nanostores';
import { ApiError } from '../api/public-read.ts';
import { $user } from './session.ts';

/** How long an answer is reused before a newly watching page asks again (ms). */
export const FETCH_DEDUPE_MS = 4000;

/**
 * A failure the same request will meet again (refused, not allowed, unknown, invalid): not
 * retried. Anything else (no answer, 5xx) is retried with the library's backoff.
 */
export function isFinalFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408;
}

const retryDelay = ({ error, retryCount }: { error: unknown; retryCount: number }): number | false =>
  isFinalFailure(error) || retryCount > 3 ? false : 2000 * 2 ** (retryCount - 1);

// The library's own declarations import './factory' without an extension, which NodeNext
// resolution refuses (they read as `any`), so the part used here is declared below, as its
// README and `dist/factory.d.ts` (0.3.4) describe it.

/** One part of a fetcher store's key: a value, or a store whose `null` means "ask nothing yet". */
export type KeyPart = string | number | true;
/** Which cached keys an invalidation or revalidation reaches. */
export type KeySelector = string | string[] | ((key: string) => boolean);

/** A fetcher store's value. */
export interface FetcherValue<T, E = unknown> {
  data?: T;
  error?: E;
  loading: boolean;
  promise?: Promise<T>;
}

/** Per-store settings (the context's defaults otherwise). */
export interface FetcherSettings<T> {
  fetcher: (...keyParts: KeyPart[]) => Promise<T>;
  dedupeTime?: number;
  revalidateOnFocus?: boolean;
  revalidateOnReconnect?: boolean;
  revalidateInterval?: number;
  cacheLifetime?: number;
  onErrorRetry?: ((options: { error: unknown; key: string; retryCount: number }) => number | false) | false;
  onError?: (error: unknown) => void;
}

/** A read: loads when first watched, `invalidate`/`revalidate`/`mutate` act on its current key. */
export type FetcherStore<T, E = unknown> = MapStore<FetcherValue<T, E>> & {
  key?: string;
  invalidate: () => void;
  revalidate: () => void;
  mutate: (data?: T) => void;
};

/** What a mutator receives: its argument and the keys to refresh once it ends. */
export interface MutatorContext<Data> {
  data: Data;
  invalidate: (keys: KeySelector) => void;
  revalidate: (keys: KeySelector) => void;
}

/** A write: `mutate(data)` runs it (resolving with its result, or `undefined` after a failure). */
export type MutatorStore<Data, Result, E = unknown> = MapStore<{
  mutate: (data: Data) => Promise<Result | undefined>;
  data?: Result;
  loading?: boolean;
  error?: E;
}> & { mutate: (data: Data) => Promise<Result | undefined> };

interface QueryContext {
  createFetcherStore<T>(
    key: KeyPart | (KeyPart | ReadableAtom<KeyPart | null | undefined | false>)[],
    settings: FetcherSettings<T>,
  ): FetcherStore<T>;
  createMutatorStore<Data, Result>(
    mutator: (context: MutatorContext<Data>) => Promise<Result>,
    options: { throttleCalls?: boolean; onError?: (error: unknown) => void },
  ): MutatorStore<Data, Result>;
  invalidateKeys(keys: KeySelector): void;
  revalidateKeys(keys: KeySelector): void;
  mutateCache(keys: KeySelector, data?: unknown): void;
}

const [createFetcherStoreIn, createMutatorStoreIn, cacheControl] = nanoquery({
  dedupeTime: FETCH_DEDUPE_MS,
  onErrorRetry: retryDelay,
});

const context = {
  createFetcherStore: createFetcherStoreIn,
  createMutatorStore: createMutatorStoreIn,
  ...cacheControl,
} as unknown as QueryContext;

/** Makes a read over one of core's api calls (the context's dedupe and retry unless `settings` say). */
export const createFetcherStore = context.createFetcherStore;
/** Makes a write; `throttleCalls` ignores a second `mutate` while one runs. */
export const createMutatorStore = context.createMutatorStore;
/** Drops cached answers: watching stores ask again, showing nothing meanwhile. */
export const invalidateKeys = context.invalidateKeys;
/** Marks cached answers stale: watching stores ask again, still showing them meanwhile. */
export const revalidateKeys = context.revalidateKeys;
/** Replaces cached answers (`undefined` drops them). */
export const mutateCache = context.mutateCache;

/**
 * The logged-in account's id as a key part, `null` when logged out: every account-owned
 * fetcher store has it in its key, so nothing is asked without a session and one account's
 * answers are never shown to another.
 */
export const $accountKey = computed($user, (user) => (user ? `${user.id}` : null));

/** Every cached key that starts with `prefix` (a domain's reads, after one of its writes). */
export const keysStartingWith =
  (prefix: string): KeySelector =>
  (key) =>
    key.startsWith(prefix);

/** Forgets every cached answer (tests; a page never needs it). */
export function clearFetcherCache(): void {
  invalidateKeys(() => true);
}

/** The pt-BR text of a fetcher store's error, `null` when there is none. */
export function fetchErrorMessage(value: FetcherValue<unknown, unknown>, fallback: string): string | null {
  const { error } = value;
  if (error === undefined || error === null) return null;
  return error instanceof Error && error.message ? error.message : fallback;
}
