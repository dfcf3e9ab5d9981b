import { describe, expect, it } from 'vitest';
import { cleanChatText, stripMarkup } from './chat-text.ts';

describe('stripMarkup', () => {
  it('keeps the text of elements and drops tags and scripts', () => {
    expect(stripMarkup('<b>Oi</b> <i>tudo</i> bem?')).toBe('Oi tudo bem?');
    expect(stripMarkup('a<script>alert(1)</script>b')).toBe('ab');
    expect(stripMarkup('<img src=x onerror=alert(1)>foto')).toBe('foto');
  });
  it('never escapes "&" and decodes an entity once', () => {
    expect(stripMarkup('Tom & Jerry')).toBe('Tom & Jerry');
    expect(stripMarkup('Tom &amp; Jerry')).toBe('Tom & Jerry');
    expect(stripMarkup('1 < 2 e 3 > 2')).toBe('1 < 2 e 3 > 2');
  });
  it('strips markup hidden behind entities', () => {
    expect(stripMarkup('&lt;b&gt;x&lt;/b&gt;')).toBe('x');
  });
  it('trims for sending', () => {
    expect(cleanChatText('  <p> olá </p> ')).toBe('olá');
    expect(cleanChatText('<br>')).toBe('');
  });
});
