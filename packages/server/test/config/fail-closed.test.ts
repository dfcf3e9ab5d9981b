import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig, startupProblems } from '../../src/config.ts';

const serverEntry = join(import.meta.dirname, '..', '..', 'src', 'server.ts');

/** Every variable production needs, set to something acceptable. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENTS: 'efi',
  PIX_API_URL: 'https://pix.psp.example',
  PIX_KEY: 'financeiro@plateia.com.br',
  PIX_WEBHOOK_SECRET: 'um-segredo-compartilhado',
  CARD_API_URL: 'https://api.gateway.example',
  CARD_SECRET_KEY: 'sk_live_x',
  SMTP_URL: 'smtp://user:pass@smtp.example:587',
  SITE_URL: 'https://plateia.com.br',
  PUBLIC_API_URL: 'https://api.plateia.com.br',
};

/** Runs the real entry point with `env` only (plus PATH) and answers its exit code and stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent-plateia', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('NODE_ENV', () => {
  it('accepts only production, test and development', () => {
    for (const env of ['production', 'test', 'development'] as const) {
      expect(loadConfig({ NODE_ENV: env }).env).toBe(env);
    }
    for (const bad of ['staging', 'prod', 'Production', '', undefined]) {
      expect(() => loadConfig({ NODE_ENV: bad })).toThrow(ConfigError);
    }
  });

  it('refuses to start the API host with any other value', { timeout: 30_000 }, async () => {
    const { code, stderr } = await start({ NODE_ENV: 'staging' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('NODE_ENV must be production, test or development (got "staging")');
  });
});

describe('development', () => {
  it('listens on loopback by default and refuses any other address', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.host).toBe('localhost');
    expect(startupProblems({}, config)).toEqual([]);
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost', '127.0.0.2']) {
      expect(startupProblems({}, loadConfig({ NODE_ENV: 'development', API_HOST: host }))).toEqual([]);
    }
    for (const host of ['0.0.0.0', '::', '192.168.0.10', 'plateia.local']) {
      const problems = startupProblems({}, loadConfig({ NODE_ENV: 'development', API_HOST: host }));
      expect(problems).toEqual([
        `API_HOST ${host} is not a loopback address; development only listens on this machine`,
      ]);
    }
  });

  it('the API host exits instead of listening on every interface', { timeout: 30_000 }, async () => {
    const { code, stderr } = await start({ NODE_ENV: 'development', API_HOST: '0.0.0.0' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('API_HOST 0.0.0.0 is not a loopback address');
  });

  it('loopback check', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });
});

describe('production', () => {
  const problemsOf = (env: Record<string, string | undefined>) =>
    startupProblems(env, loadConfig({ ...env, NODE_ENV: 'production' }));

  it('starts with every outside service configured over https', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('names exactly what is missing', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PAYMENTS must name the payment provider (sandbox is not allowed in production)',
      'PIX_API_URL is not set',
      'PIX_KEY is not set',
      'PIX_WEBHOOK_SECRET is not set',
      'CARD_API_URL is not set',
      'CARD_SECRET_KEY is not set',
      'SMTP_URL is not set',
      'SITE_URL is not set',
      'PUBLIC_API_URL is not set',
    ]);
    const { SMTP_URL: _smtp, PIX_WEBHOOK_SECRET: _secret, ...rest } = PRODUCTION;
    expect(problemsOf(rest)).toEqual(['PIX_WEBHOOK_SECRET is not set', 'SMTP_URL is not set']);
  });

  it('refuses the sandbox and plain http addresses', () => {
    expect(
      problemsOf({ ...PRODUCTION, PAYMENTS: 'sandbox', PUBLIC_API_URL: 'http://api.plateia.com.br' }),
    ).toEqual([
      'PAYMENTS must name the payment provider (sandbox is not allowed in production)',
      'PUBLIC_API_URL must be an https:// address',
    ]);
    expect(problemsOf({ ...PRODUCTION, SITE_URL: 'plateia.com.br' })).toEqual([
      'SITE_URL must be an https:// address',
    ]);
  });

  it('the API host exits and says which settings are missing', { timeout: 30_000 }, async () => {
    const { SMTP_URL: _smtp, ...rest } = PRODUCTION;
    const { code, stderr } = await start({ ...rest, PUBLIC_API_URL: 'http://api.plateia.com.br' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('Refusing to start (NODE_ENV=production)');
    expect(stderr).toContain('- SMTP_URL is not set');
    expect(stderr).toContain('- PUBLIC_API_URL must be an https:// address');
    expect(stderr).not.toContain('PIX_KEY');
  });
});
