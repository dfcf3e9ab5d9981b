// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPlateiaStorage, persistentAtom, readStorage, writeStorage } from './browser-storage.ts';

const $count = persistentAtom<number>('plateia:test:count', 0);
const $tab = persistentAtom<string | null>('plateia:test:tab', null, {
  area: 'session',
  encode: (value) => value,
  decode: (raw) => raw,
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  $count.set(0);
  $tab.set(null);
  cleanStores($count, $tab);
});

describe('persistentAtom', () => {
  it('writes through on every set, even with nobody subscribed', () => {
    $count.set(3);
    expect(localStorage.getItem('plateia:test:count')).toBe('3');
    $count.set(0);
    expect(localStorage.getItem('plateia:test:count')).toBeNull();
    $tab.set('aba');
    expect(sessionStorage.getItem('plateia:test:tab')).toBe('aba');
    expect(localStorage.getItem('plateia:test:tab')).toBeNull();
  });

  it('restores the stored value on mount and falls back on corrupt data', () => {
    localStorage.setItem('plateia:test:count', '5');
    expect($count.get()).toBe(5);
    localStorage.setItem('plateia:test:count', '{oops');
    $count.reload();
    expect($count.get()).toBe(0);
  });

  it('follows its own key in other tabs and ignores other keys and areas', () => {
    const seen: number[] = [];
    const unbind = $count.listen((value) => seen.push(value));
    const other = (key: string | null, newValue: string | null, storageArea: Storage) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea }));
    other('plateia:test:count', '8', localStorage);
    other('plateia:outra', '9', localStorage);
    other('plateia:test:count', '10', sessionStorage);
    other('plateia:test:count', null, localStorage);
    expect(seen).toEqual([8, 0]);
    // Applying another tab's value must not write it back.
    expect(localStorage.getItem('plateia:test:count')).toBeNull();
    unbind();
  });
});

describe('storage helpers', () => {
  it('reads, writes and removes raw values', () => {
    writeStorage('plateia:x', 'y');
    expect(readStorage('plateia:x')).toBe('y');
    writeStorage('plateia:x', null);
    expect(readStorage('plateia:x')).toBeNull();
  });

  it('clears only plateia keys, in both areas', () => {
    localStorage.setItem('plateia:user', '{}');
    localStorage.setItem('plateia:cart', '[]');
    localStorage.setItem('outro-site', 'fica');
    sessionStorage.setItem('plateia:sessionId', 'abc');
    clearPlateiaStorage();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('outro-site')).toBe('fica');
    expect(sessionStorage.length).toBe(0);
  });
});
