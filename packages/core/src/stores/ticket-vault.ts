/**
 * The device's copy of the customer's tickets and their code secrets (docs/tickets.md,
 * "Offline"): written after each visit to "Meus Ingressos" with signal, read when the
 * network is gone so codes still render at the door. It belongs to one account's session:
 * {@link guardTicketVault} deletes it when the session ends or another account logs in.
 */
import { openDB } from 'idb';
import type { MyTicket, TicketCodeKey } from '../contracts/tickets.ts';
import { readStorage, writeStorage } from './browser-storage.ts';
import { $user } from './session.ts';

/** IndexedDB database holding the vault. */
export const TICKET_VAULT_DB = 'plateia-tickets';
/** localStorage key naming the account the vault belongs to (read without opening IndexedDB). */
export const TICKET_VAULT_OWNER_KEY = 'plateia:ticketVaultOwner';

const STORE = 'vault';
const RECORD = 'current';

/** What the vault keeps. */
export interface TicketVaultRecord {
  /** The account the tickets belong to. */
  ownerId: string;
  /** Local epoch ms of the visit that wrote it. */
  savedAt: number;
  tickets: MyTicket[];
  keys: TicketCodeKey[];
  /** Server clock minus local clock (ms) measured on that visit. */
  clockOffsetMs: number;
}

/** Where the vault lives: IndexedDB in browsers, memory in tests. */
export interface TicketVault {
  read(): Promise<TicketVaultRecord | null>;
  write(record: TicketVaultRecord): Promise<void>;
  wipe(): Promise<void>;
}

function openVault() {
  return openDB(TICKET_VAULT_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
}

/** Deletes the IndexedDB vault and forgets its owner. */
async function wipeIndexedDb(): Promise<void> {
  writeStorage(TICKET_VAULT_OWNER_KEY, null);
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(TICKET_VAULT_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** The browser's vault (IndexedDB through `idb`). */
export function indexedDbTicketVault(): TicketVault {
  return {
    async read() {
      if (typeof indexedDB === 'undefined') return null;
      const db = await openVault();
      try {
        return ((await db.get(STORE, RECORD)) as TicketVaultRecord | undefined) ?? null;
      } finally {
        db.close();
      }
    },
    async write(record) {
      if (typeof indexedDB === 'undefined') return;
      writeStorage(TICKET_VAULT_OWNER_KEY, record.ownerId);
      const db = await openVault();
      try {
        await db.put(STORE, record, RECORD);
      } finally {
        db.close();
      }
    },
    wipe: wipeIndexedDb,
  };
}

/** A vault in memory, for tests and browsers without IndexedDB. */
export function memoryTicketVault(): TicketVault & { record: TicketVaultRecord | null } {
  const vault = {
    record: null as TicketVaultRecord | null,
    async read() {
      return vault.record;
    },
    async write(record: TicketVaultRecord) {
      vault.record = record;
    },
    async wipe() {
      vault.record = null;
    },
  };
  return vault;
}

/**
 * Deletes the vault whenever no account, or another account than its owner, is logged in:
 * at sign-out, when the server ends the session, and when someone else logs in on this
 * browser. Runs on every page (the storefront's layout calls it after `initSession`), so a
 * sign-out anywhere wipes it. Returns the unsubscribe function.
 */
export function guardTicketVault(wipe: () => Promise<void> = wipeIndexedDb): () => void {
  return $user.subscribe((user) => {
    const owner = readStorage(TICKET_VAULT_OWNER_KEY);
    if (owner !== null && (!user || String(user.id) !== owner)) void wipe();
  });
}
