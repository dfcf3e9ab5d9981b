/**
 * The door scanner's storage at rest (docs/check-in.md, "Encryption at rest"): values are
 * JSON encrypted with AES-GCM (256-bit key, a fresh 96-bit IV per write) under a key made
 * non-extractable by Web Crypto and kept, as a CryptoKey object, in IndexedDB beside the
 * ciphertexts. Script on the page can use the key but never read its bytes, so a copy of
 * the stored values (a synced profile, a leaked backup of site data, another extension
 * reading storage) is useless without this browser's key store. It lives across reloads,
 * which the door needs: the scanner must reopen with no signal.
 */
import { openDB } from 'idb';

/** Where the vault keeps its records: IndexedDB in a browser, a Map in tests. */
export interface VaultStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

/** An encrypted key-value store. */
export interface CheckInVault {
  /** The value stored under `name`, decrypted; null when absent or unreadable. */
  read<T>(name: string): Promise<T | null>;
  /** Encrypts and stores `value` under `name`. */
  write(name: string, value: unknown): Promise<void>;
  /** Removes the value under `name`. */
  remove(name: string): Promise<void>;
}

/** The object store holding the key and the sealed values. */
const STORE = 'vault';

/** The record under which the vault keeps its key. */
export const VAULT_KEY_RECORD = 'vault-key';

// The key as Web Crypto takes it, named without the DOM library (the API host's bench and
// Node type-check this file too).
type VaultKey = Parameters<typeof globalThis.crypto.subtle.encrypt>[1];

interface Sealed {
  iv: Uint8Array;
  data: ArrayBuffer;
}

/** A storage kept in memory (tests, and browsers without IndexedDB: nothing survives a reload). */
export function memoryVaultStorage(): VaultStorage & { records: Map<string, unknown> } {
  const records = new Map<string, unknown>();
  return {
    records,
    get: async (key) => records.get(key),
    set: async (key, value) => {
      records.set(key, value);
    },
    delete: async (key) => {
      records.delete(key);
    },
  };
}

/** The vault's records in IndexedDB database `plateia:check-in`, object store `vault` (through `idb`). */
export function indexedDbVaultStorage(databaseName = 'plateia:check-in'): VaultStorage {
  let opened: ReturnType<typeof openDB> | null = null;
  const database = () => {
    // Named through globalThis: the API host's bench type-checks this file without the DOM.
    if (!(globalThis as { indexedDB?: unknown }).indexedDB)
      return Promise.reject(new Error('IndexedDB unavailable'));
    opened ??= openDB(databaseName, 1, {
      upgrade(db) {
        db.createObjectStore(STORE);
      },
    });
    return opened;
  };
  return {
    get: async (key) => (await database()).get(STORE, key),
    set: async (key, value) => {
      await (await database()).put(STORE, value, key);
    },
    delete: async (key) => {
      await (await database()).delete(STORE, key);
    },
  };
}

/**
 * Opens the vault over `storage`, creating its key on first use. The key is generated
 * non-extractable, so it can only ever be stored as the CryptoKey object itself.
 */
export async function openCheckInVault(storage: VaultStorage): Promise<CheckInVault> {
  const subtle = globalThis.crypto.subtle;
  let key = (await storage.get(VAULT_KEY_RECORD)) as VaultKey | undefined;
  if (!key) {
    key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await storage.set(VAULT_KEY_RECORD, key);
  }
  const vaultKey = key;
  return {
    async read<T>(name: string): Promise<T | null> {
      const sealed = (await storage.get(`value:${name}`)) as Sealed | undefined;
      if (!sealed) return null;
      try {
        const plain = await subtle.decrypt(
          { name: 'AES-GCM', iv: new Uint8Array(sealed.iv) },
          vaultKey,
          sealed.data,
        );
        return JSON.parse(new TextDecoder().decode(plain)) as T;
      } catch {
        // Tampered with, or written under a key since replaced: as good as absent.
        return null;
      }
    },
    async write(name, value) {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const data = await subtle.encrypt(
        { name: 'AES-GCM', iv },
        vaultKey,
        new TextEncoder().encode(JSON.stringify(value)),
      );
      await storage.set(`value:${name}`, { iv, data } satisfies Sealed);
    },
    async remove(name) {
      await storage.delete(`value:${name}`);
    },
  };
}
