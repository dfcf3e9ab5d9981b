/**
 * Keeps the device's copy of the tickets (docs/tickets.md, "Offline") to the account it
 * belongs to: {@link guardTicketVault} runs on every page and deletes the copy when no
 * account, or another account, is logged in. Small on purpose (no IndexedDB library):
 * every page loads it.
 */
import { readStorage, writeStorage } from './browser-storage.ts';
import { $user } from './session.ts';

/** IndexedDB database holding the vault. */
export const TICKET_VAULT_DB = 'plateia-tickets';
/** localStorage key naming the account the vault belongs to (read without opening IndexedDB). */
export const TICKET_VAULT_OWNER_KEY = 'plateia:ticketVaultOwner';

/** Deletes the IndexedDB vault and forgets its owner. */
export async function wipeTicketVault(): Promise<void> {
  writeStorage(TICKET_VAULT_OWNER_KEY, null);
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(TICKET_VAULT_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Deletes the vault whenever no account, or another account than its owner, is logged in:
 * at sign-out, when the server ends the session, and when someone else logs in on this
 * browser. Runs on every page (the storefront's layout calls it after `initSession`), so a
 * sign-out anywhere wipes it. Returns the unsubscribe function.
 */
export function guardTicketVault(wipe: () => Promise<void> = wipeTicketVault): () => void {
  return $user.subscribe((user) => {
    const owner = readStorage(TICKET_VAULT_OWNER_KEY);
    if (owner !== null && (!user || String(user.id) !== owner)) void wipe();
  });
}
