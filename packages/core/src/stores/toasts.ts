import { atom } from 'nanostores';

/**
 * Toasts (docs/core.md): top-right notices that close themselves after 4 seconds or when the
 * person closes them. The core only holds the list; the storefront and widgets draw it.
 */

/** How long a toast stays, docs/core.md. */
export const TOAST_DURATION_MS = 4000;

/** What a toast says and how it looks. */
export type ToastKind = 'success' | 'error' | 'info';

/** One visible toast. */
export interface Toast {
  /** Unique within the page, for keys and {@link dismissToast}. */
  id: number;
  kind: ToastKind;
  /** pt-BR text shown to the person. */
  message: string;
}

/** The toasts on screen, oldest first. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast that closes itself after {@link TOAST_DURATION_MS}; returns its id. */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, ...toast }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  return id;
}

/** Closes a toast now (the close button); unknown ids are ignored. */
export function dismissToast(id: number): void {
  // Clearing an unknown (or already fired) timer does nothing.
  clearTimeout(timers.get(id));
  timers.delete(id);
  const toasts = $toasts.get();
  if (toasts.some((toast) => toast.id === id)) $toasts.set(toasts.filter((toast) => toast.id !== id));
}

/** Closes every toast (tests, a page change). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
}
