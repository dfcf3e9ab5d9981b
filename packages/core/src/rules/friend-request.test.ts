import { describe, expect, it } from 'vitest';
import { checkFriendRequest } from './friend-request.ts';

describe('checkFriendRequest', () => {
  it('refuses a blank e-mail with the toast and the field error', () => {
    expect(checkFriendRequest('   ', 'ana@x.com')).toEqual({
      ok: false,
      toast: 'Preencha o campo de email!',
      fieldError: 'Email obrigatório!',
    });
  });
  it('refuses the own login, whatever the case and blanks', () => {
    expect(checkFriendRequest(' ANA@x.com ', 'ana@x.com')).toEqual({
      ok: false,
      toast: 'Você não pode adicionar você mesmo como amigo',
    });
  });
  it('trims the value', () => {
    expect(checkFriendRequest('  bruno@x.com ', 'ana@x.com')).toEqual({ ok: true, email: 'bruno@x.com' });
  });
});
