import { task } from 'nanostores';
import { apiFetch } from '../api/client.ts';
import { readStorage, writeStorage } from './browser-storage.ts';

/**
 * The global error log (docs/core.md): every unexpected error is kept in local storage
 * (the latest 50, `plateia:errorLog`) and posted to the storefront's same-origin
 * `/api/errors`. Logging is best effort and never throws: a failing logger must not turn
 * one error into two.
 */

/** Entries kept in the browser, docs/core.md. */
export const ERROR_LOG_CAP = 50;

const ERROR_LOG_KEY = 'plateia:errorLog';

/** One logged error, the fields docs/core.md lists. */
export interface ErrorLogEntry {
  message: string;
  stack?: string;
  /** What produced it: `error`, `unhandledrejection`, `api`, a component name… */
  type: string;
  /** The page it happened on. */
  url: string;
  userAgent: string;
  /** ISO 8601. */
  timestamp: string;
  /** Anything else that helps (ids, status, the element). */
  context?: Record<string, unknown>;
}

/** What a caller gives {@link logError}; the page, browser and time are filled in. */
export interface LogErrorInput {
  message: string;
  stack?: string;
  type?: string;
  context?: Record<string, unknown>;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

function isInput(value: unknown): value is LogErrorInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The stored entries, oldest first (empty without storage or when the stored data is corrupt). */
export function readErrorLog(): ErrorLogEntry[] {
  try {
    const value: unknown = JSON.parse(readStorage(ERROR_LOG_KEY) ?? '[]');
    return Array.isArray(value) ? (value as ErrorLogEntry[]) : [];
  } catch {
    return [];
  }
}

function postEntry(entry: ErrorLogEntry): void {
  const origin = globalThis.location?.origin;
  // No page origin (server rendering, about:blank): there is no same-origin endpoint.
  if (!origin || origin === 'null') return;
  task(async () => {
    try {
      await apiFetch()(new URL('/api/errors', origin).href, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entry),
        // Lets the report leave even when the error ends the page.
        keepalive: true,
      });
    } catch {
      // Offline or blocked: the entry is still in local storage.
    }
  });
}

/**
 * Logs an error: pass a thrown value (an `Error`, a string, anything) or an entry's
 * fields, plus optional `type` and `context`. Returns the stored entry; never throws.
 */
export function logError(
  error: unknown,
  details: { type?: string; context?: Record<string, unknown> } = {},
): ErrorLogEntry | null {
  try {
    const input = isInput(error) ? error : describe(error);
    const entry: ErrorLogEntry = {
      message: input.message,
      stack: input.stack,
      type: details.type ?? (isInput(error) ? error.type : undefined) ?? 'error',
      url: globalThis.location?.href ?? '',
      userAgent: globalThis.navigator?.userAgent ?? '',
      timestamp: new Date().toISOString(),
      context: details.context ?? (isInput(error) ? error.context : undefined),
    };
    writeStorage(ERROR_LOG_KEY, JSON.stringify([...readErrorLog(), entry].slice(-ERROR_LOG_CAP)));
    postEntry(entry);
    return entry;
  } catch {
    return null;
  }
}

let uninstall: (() => void) | null = null;

/**
 * Logs uncaught errors and unhandled promise rejections of the page. Installing twice is
 * a no-op; returns the function that removes the handlers. Does nothing on the server.
 */
export function installGlobalErrorHandlers(): () => void {
  if (uninstall) return uninstall;
  if (typeof window === 'undefined') return () => {};
  const onError = (event: ErrorEvent) => {
    logError(event.error ?? event.message, {
      type: 'error',
      context: { filename: event.filename, lineno: event.lineno, colno: event.colno },
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    logError(event.reason, { type: 'unhandledrejection' });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const remove = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    uninstall = null;
  };
  uninstall = remove;
  return remove;
}
