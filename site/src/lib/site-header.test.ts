import type { User } from '@plateia/core';
import { describe, expect, it } from 'vitest';
import { displayName, headerState } from './site-header.ts';

const ana = { id: 1, user: 'ana@example.com', namef: 'Ana', namel: 'Souza', isadmin: '0' } as unknown as User;

describe('headerState', () => {
  it('shows skeletons until the session is read, and while a logged-in record is missing', () => {
    expect(headerState('loading', null)).toBe('loading');
    expect(headerState('loggedIn', null)).toBe('loading');
  });

  it('follows the session once it is known', () => {
    expect(headerState('loggedOut', null)).toBe('loggedOut');
    expect(headerState('loggedIn', ana)).toBe('loggedIn');
  });
});

describe('displayName', () => {
  it('joins first and last names, or falls back to the e-mail', () => {
    expect(displayName(ana)).toBe('Ana Souza');
    expect(displayName({ ...ana, namef: '', namel: null } as unknown as User)).toBe('ana@example.com');
  });
});
