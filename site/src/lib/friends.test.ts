import { describe, expect, it } from 'vitest';
import { friendName } from './friends.ts';

const friend = (over: Record<string, string>) => ({
  friend: { id: 1, user: 'bia@x.com', namef: '', namel: '', nickname: '', avatar: '', public: true, ...over },
});

describe('friendName', () => {
  it('prefers the full name, then the nickname, then the e-mail (a non-public profile shows only that)', () => {
    expect(friendName(friend({ namef: 'Bia', namel: 'Lima' }))).toBe('Bia Lima');
    expect(friendName(friend({ nickname: 'bibi' }))).toBe('bibi');
    expect(friendName(friend({}))).toBe('bia@x.com');
  });
});
