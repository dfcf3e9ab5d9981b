/**
 * The device's copy of the customer's tickets and their code secrets (docs/tickets.md,
 * "Offline"): written after each visit to "Meus Ingressos" with signal, read when the
 * network is gone so codes still render at the door. It belongs to one account's session:
 * `guardTicketVault` (`./ticket-vault-guard.ts`) deletes it when the session ends or
 * another account logs in.
 */
import { openDB } from 'idb';
import type { MyTicket, TicketCodeKey } from '../contracts/tickets.ts';
import { writeStorage } from './browser-storage.ts';
import { TICKET_VAULT_DB, TICKET_VAULT_OWNER_KEY, wipeTicketVault } from './ticket-vault-guard.ts';

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
    wipe: wipeTicketVault,
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
