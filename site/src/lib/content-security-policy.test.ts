import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiUrlScript, completePolicy, runtimeSources, scriptHash } from './content-security-policy.ts';

const ASTRO =
  "default-src 'self'; object-src 'none'; img-src 'self' data: blob: https:; script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='; style-src 'self' 'unsafe-inline'";

describe('content security policy', () => {
  it('hashes the API-address script exactly as the page carries it', () => {
    const script = apiUrlScript('https://api.plateia.com.br');
    expect(script).toBe('globalThis.PLATEIA_API_URL="https://api.plateia.com.br";');
    const digest = createHash('sha256').update(script).digest('base64');
    expect(scriptHash(script)).toBe(`'sha256-${digest}'`);
    // A `<` in a configured address cannot close the script element.
    expect(apiUrlScript('https://x/</script>')).not.toContain('</script>');
  });

  it('adds the API host, the gateway and the script hash in production, nothing on loopback', () => {
    const runtime = runtimeSources('https://api.plateia.com.br/', "'self'", {
      NODE_ENV: 'production',
      CARD_PUBLIC_URL: 'https://gateway.example/v1',
    });
    const policy = completePolicy(ASTRO, runtime);
    expect(policy).toContain(
      `script-src 'self' 'wasm-unsafe-eval' 'sha256-abc=' ${scriptHash(apiUrlScript('https://api.plateia.com.br/'))} https://gateway.example;`,
    );
    expect(policy).toContain("connect-src 'self' https://api.plateia.com.br https://gateway.example;");
    expect(policy).toContain("frame-src 'self' https://gateway.example;");
    expect(policy).toContain("img-src 'self' data: blob: https: https://api.plateia.com.br;");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('127.0.0.1');
    expect(policy).not.toContain("'unsafe-inline' https");
    // Directives Astro already had are kept, once each.
    expect(policy.match(/script-src/g)).toHaveLength(1);
    expect(policy).toContain("object-src 'none'");
  });

  it('allows the loopback sandboxes only in development, and a bad gateway setting adds nothing', () => {
    const dev = completePolicy(
      ASTRO,
      runtimeSources('http://127.0.0.1:3000', '*', { NODE_ENV: 'development' }),
    );
    expect(dev).toContain('http://127.0.0.1:*');
    expect(dev).toContain('frame-ancestors *');
    const odd = completePolicy(
      ASTRO,
      runtimeSources('https://api.plateia.com.br', "'self'", {
        NODE_ENV: 'staging',
        CARD_PUBLIC_URL: 'javascript:alert(1)',
      }),
    );
    expect(odd).not.toContain('javascript');
    expect(odd).not.toContain('localhost');
  });

  it('lets the card frame be framed by the listed origins only', () => {
    const policy = completePolicy(
      ASTRO,
      runtimeSources('https://api.x', "'self' https://produtora.com.br", {}),
    );
    expect(policy).toMatch(/frame-ancestors 'self' https:\/\/produtora\.com\.br$/);
  });
});
