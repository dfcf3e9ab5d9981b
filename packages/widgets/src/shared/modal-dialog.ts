/**
 * Modal dialog behaviour shared by every Plateia dialog (login, recovery, the checkout
 * gate): a native `<dialog>` shown with `showModal()` so it sits in the top layer above
 * any host-page stacking context, focus moved in on open and returned on close, Tab kept
 * inside, and Escape closing only the topmost dialog. React state stays the single source
 * of truth: the browser's own Escape handling is cancelled and routed to `onClose`.
 */
import { type KeyboardEvent, type RefObject, type SyntheticEvent, useEffect, useRef } from 'react';

// What can take focus in a Plateia dialog: every one of them (login, recovery, the checkout
// gate) holds only buttons and text inputs, some of them disabled at times. A dialog with
// links, selects or a tabindex would add them here.
const FOCUSABLE = 'button:not([disabled]), input:not([disabled])';

/** The element that really has focus, looking inside open shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Focusable descendants of `container`, in document order (none is ever hidden or inert). */
const focusableWithin = (container: Element): HTMLElement[] => [
  ...container.querySelectorAll<HTMLElement>(FOCUSABLE),
];

/** Options of {@link useModalDialog}. */
export interface ModalDialogOptions {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called when the person asks to close it (Escape). */
  onClose: () => void;
  /** Element focused on open; the first focusable one when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** What to spread on the `<dialog>`. */
export interface ModalDialogBindings {
  ref: RefObject<HTMLDialogElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => void;
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
}

/** Wires a `<dialog>` to the modal behaviour described above. */
export function useModalDialog({ open, onClose, initialFocus }: ModalDialogOptions): ModalDialogBindings {
  const ref = useRef<HTMLDialogElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnFocus = deepActiveElement() as HTMLElement | null;
    if (!dialog.open) {
      try {
        dialog.showModal();
      } catch {
        // Not connected yet or no top layer (old engines): still show it in place.
        dialog.setAttribute('open', '');
      }
    }
    const target = initialFocus?.current ?? focusableWithin(dialog)[0];
    target?.focus();
    return () => {
      // `open` is only ever true where <dialog> is supported, and so is `close()`.
      if (dialog.open) dialog.close();
      // Focusing an element no longer in the page does nothing.
      returnFocus?.focus();
    };
  }, [open, initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    // A key reaches the dialog's handler only from the focused control inside it.
    const focusable = focusableWithin(event.currentTarget);
    // Past either end, Tab wraps to the other end.
    const wrapTo = event.shiftKey
      ? event.target === focusable[0] && focusable.at(-1)
      : event.target === focusable.at(-1) && focusable[0];
    if (wrapTo) {
      event.preventDefault();
      wrapTo.focus();
    }
  };

  // The browser's own close-on-Escape would hide the dialog behind React's back.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>): void => {
    event.preventDefault();
    onCloseRef.current();
  };

  return { ref, onKeyDown, onCancel };
}
