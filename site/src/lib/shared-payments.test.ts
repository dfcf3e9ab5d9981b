import { describe, expect, it } from 'vitest';
import {
  emailFromSearch,
  groupPagePath,
  sharePagePath,
  shareTokenFromSearch,
  signUpPathFor,
} from './shared-payments.ts';

describe('shared-payment addresses', () => {
  it('reads the share token of a link and turns away what is not one', () => {
    expect(shareTokenFromSearch('?t=abcDEF123_-abcdefgh')).toBe('abcDEF123_-abcdefgh');
    expect(shareTokenFromSearch('?t=short')).toBeNull();
    expect(shareTokenFromSearch('?t=<script>alert(1)</script>xx')).toBeNull();
    expect(shareTokenFromSearch('')).toBeNull();
  });

  it('carries the token between the group and share pages only when there is one', () => {
    expect(groupPagePath(9)).toBe('/pagamento-compartilhado/9');
    expect(groupPagePath(9, 'abcDEF123_-abcdefgh')).toBe('/pagamento-compartilhado/9?t=abcDEF123_-abcdefgh');
    expect(sharePagePath(12, null)).toBe('/pagamento-compartilhado/cota/12');
  });

  it('prefills sign-up with the share e-mail, and only with an e-mail', () => {
    const link = signUpPathFor('bia+show@x.com');
    expect(link).toBe('/cadastro?email=bia%2Bshow%40x.com');
    expect(emailFromSearch(link.slice(link.indexOf('?')))).toBe('bia+show@x.com');
    expect(emailFromSearch('?email=not-an-email')).toBe('');
    expect(emailFromSearch('')).toBe('');
  });
});
