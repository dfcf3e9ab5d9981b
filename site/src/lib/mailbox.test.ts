import { describe, expect, it } from 'vitest';
import { linkify, parseMailbox } from './mailbox.ts';
import { toInlineScriptJson } from './site-config.ts';

describe('parseMailbox', () => {
  it('orders messages newest first and skips malformed ones', () => {
    const messages = parseMailbox({
      messages: [
        { id: 1, to: 'a@x.com', subject: 'Antigo', text: 't', html: '', createdAt: '2026-11-20T10:00:00Z' },
        { id: 2, to: ['b@x.com', 'c@x.com'], subject: 'Novo', text: 't', createdAt: '2026-11-21T10:00:00Z' },
        { id: 3, subject: 42 },
      ],
    });
    expect(messages.map((m) => m.subject)).toEqual(['Novo', 'Antigo']);
    expect(messages[0]).toMatchObject({ id: '2', to: 'b@x.com, c@x.com', html: '' });
  });

  it('gives an empty list for anything that is not a mailbox', () => {
    expect(parseMailbox(null)).toEqual([]);
    expect(parseMailbox({ messages: 'x' })).toEqual([]);
  });
});

describe('linkify', () => {
  it('splits links out of text, leaving trailing punctuation outside', () => {
    expect(linkify('Confirme: http://localhost:4321/verificar-email?token=abc. Obrigado')).toEqual([
      { kind: 'text', value: 'Confirme: ' },
      { kind: 'link', value: 'http://localhost:4321/verificar-email?token=abc' },
      { kind: 'text', value: '. Obrigado' },
    ]);
  });

  it('never turns other schemes into links', () => {
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', value: 'javascript:alert(1)' }]);
  });
});

describe('toInlineScriptJson', () => {
  it('cannot close the surrounding script element', () => {
    const out = toInlineScriptJson('</script><script>alert(1)</script>');
    expect(out).not.toContain('</script>');
    expect(JSON.parse(out)).toBe('</script><script>alert(1)</script>');
  });
});
