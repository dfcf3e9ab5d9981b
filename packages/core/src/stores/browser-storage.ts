import { atom, onMount, type WritableAtom } from 'nanostores';

/**
 * Browser storage behind the session stores. Every access is guarded: during
 * server-side rendering there is no `window`, and inside sandboxed iframes (widgets on a
 * producer's page) merely touching `localStorage` can throw a SecurityError.
 */

/** Which Web Storage area a value lives in. */
export type StorageArea = 'local' | 'session';

/** The Web Storage object for an area, or `null` where there is none or it is blocked. */
export function browserStorage(area: StorageArea = 'local'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads a raw string, or `null` when absent or storage is unavailable. */
export function readStorage(key: string, area: StorageArea = 'local'): string | null {
  try {
    return browserStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a raw string (`null` removes the key); a full or blocked storage is ignored. */
export function writeStorage(key: string, value: string | null, area: StorageArea = 'local'): void {
  try {
    const storage = browserStorage(area);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Quota exceeded or blocked: the in-memory store still holds the value.
  }
}

/** Removes every key with the `plateia:` prefix from both storage areas (forced logout). */
export function clearPlateiaStorage(): void {
  for (const area of ['local', 'session'] as const) {
    const storage = browserStorage(area);
    if (!storage) continue;
    try {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith('plateia:')) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    } catch {
      // Blocked storage holds nothing of ours.
    }
  }
}

const memoryOnly = new Set<string>();

/**
 * From now on, the persistent atom under `key` keeps its value in memory only: it neither
 * writes nor reads Web Storage (a producer's page, where any script can read storage:
 * docs/security.md "Contas em páginas de produtores"). What storage held is removed.
 */
export function holdInMemory(key: string): void {
  memoryOnly.add(key);
  writeStorage(key, null, 'local');
  writeStorage(key, null, 'session');
}

/** Whether {@link holdInMemory} was called for `key`. */
export function isHeldInMemory(key: string): boolean {
  return memoryOnly.has(key);
}

/** How a persistent atom turns its value into a stored string and back. */
export interface PersistentAtomOptions<T> {
  /** Storage area; `local` by default. */
  area?: StorageArea;
  /** Value to string; `null` removes the key. Defaults to JSON, with the initial value removed. */
  encode?: (value: T) => string | null;
  /** String to value; throwing or returning `undefined` falls back to the initial value. */
  decode?: (raw: string) => T | undefined;
}

/** A {@link persistentAtom}: a writable atom plus a way to re-read its stored value. */
export interface PersistentAtom<T> extends WritableAtom<T> {
  /** Re-reads storage now (after something outside the store wrote it in this tab). */
  reload(): void;
}

/**
 * An atom mirrored into Web Storage under `key` and kept in step with other tabs.
 *
 * Storage is the source of truth: every `set` writes through (also a write made while
 * nothing is subscribed), and each mount re-reads the stored value and listens to
 * `storage` events, so a login or logout in another tab reaches this one. Nothing touches
 * `window` until the store is first read or subscribed, which keeps the module safe to
 * import during server-side rendering. Corrupt stored data decodes to the initial value
 * instead of throwing.
 */
export function persistentAtom<T>(
  key: string,
  initial: T,
  options: PersistentAtomOptions<T> = {},
): PersistentAtom<T> {
  const area = options.area ?? 'local';
  const encode =
    options.encode ??
    ((value: T) => (value === initial || value === undefined ? null : JSON.stringify(value)));
  const decode = options.decode ?? ((raw: string) => JSON.parse(raw) as T);
  const $store = atom<T>(initial) as PersistentAtom<T>;
  // The atom's own `set` only changes memory: values read from storage go through it
  // directly, since writing them back would be a needless write (and another tab's event).
  const setInMemory = $store.set;

  const decodeOrInitial = (raw: string | null): T => {
    if (raw === null) return initial;
    try {
      const value = decode(raw);
      return value === undefined ? initial : value;
    } catch {
      return initial;
    }
  };

  const applyStored = (raw: string | null) => setInMemory(decodeOrInitial(raw));

  $store.set = (value) => {
    if (!memoryOnly.has(key)) writeStorage(key, encode(value), area);
    setInMemory(value);
  };

  $store.reload = () => {
    if (!memoryOnly.has(key) && browserStorage(area)) applyStored(readStorage(key, area));
  };

  onMount($store, () => {
    const storage = memoryOnly.has(key) ? null : browserStorage(area);
    // Without storage (server rendering, blocked storage) memory is the only copy.
    if (!storage) return;
    applyStored(readStorage(key, area));
    const onStorage = (event: StorageEvent) => {
      // `key === null` is another tab calling storage.clear().
      if (event.storageArea !== storage || (event.key !== key && event.key !== null)) return;
      applyStored(event.key === null ? null : event.newValue);
    };
    const target = window;
    target.addEventListener('storage', onStorage);
    return () => {
      // nanostores unmounts a second after the last listener left, when the window it was
      // added to may be torn down (a closed frame, a finished test file's environment).
      try {
        target.removeEventListener('storage', onStorage);
      } catch {
        // Gone with its window.
      }
    };
  });

  return $store;
}

/**
 * A persistent moment (epoch ms), `null` when unset. Stored by the default encoding: the
 * number's digits, and no key for `null`; anything else stored reads as `null`.
 */
export function persistentTime(key: string): PersistentAtom<number | null> {
  return persistentAtom<number | null>(key, null, {
    decode: (raw) => (raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined),
  });
}
