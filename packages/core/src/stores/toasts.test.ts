import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, clearToasts, dismissToast, showToast, TOAST_DURATION_MS } from './toasts.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  clearToasts();
  cleanStores($toasts);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast and closes it after 4 seconds', () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    const id = showToast({ kind: 'success', message: 'Login realizado com Sucesso' });
    expect($toasts.get()).toEqual([{ id, kind: 'success', message: 'Login realizado com Sucesso' }]);
    vi.advanceTimersByTime(3999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('keeps several toasts in order, each with its own timer', () => {
    const first = showToast({ kind: 'info', message: 'um' });
    vi.advanceTimersByTime(2000);
    const second = showToast({ kind: 'error', message: 'dois' });
    expect($toasts.get().map((toast) => toast.id)).toEqual([first, second]);
    vi.advanceTimersByTime(2000);
    expect($toasts.get().map((toast) => toast.message)).toEqual(['dois']);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toEqual([]);
  });

  it('closes on demand, and a later timer does not disturb others', () => {
    const listener = vi.fn();
    const unbind = $toasts.listen(listener);
    const first = showToast({ kind: 'info', message: 'um' });
    const second = showToast({ kind: 'info', message: 'dois' });
    dismissToast(first);
    expect($toasts.get().map((toast) => toast.id)).toEqual([second]);
    dismissToast(first);
    expect(listener).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect($toasts.get()).toEqual([]);
    unbind();
  });
});
