import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

// A real 1x1 PNG, a minimal PDF and the start of a JPEG (SOI + APP0 JFIF).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest')]);

describe('identity documents', () => {
  let t: TestApp;
  let dataDir: string;
  let ana: TestCustomer;
  let bruno: TestCustomer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'plateia-docs-'));
    t = await createTestApp({ dataDir });
    ana = await createCustomer(t.database.db, { email: 'ana@example.com' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      payload,
      headers: token ? bearer(token) : {},
    });
  const body = (customerId: number, bytes: Buffer, fileName: string, documentType = 'document') => ({
    customerId,
    documentType,
    fileBase64: bytes.toString('base64'),
    fileName,
  });

  it('stores a PNG under a generated name outside any public folder and serves it to its owner', async () => {
    const res = await upload(ana.token, body(ana.id, PNG, 'minha identidade.png'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      filePath: '/customer/document/document',
      message: 'Documento enviado com sucesso.',
    });
    const files = readdirSync(join(dataDir, 'documents'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(statSync(join(dataDir, 'documents', files[0] ?? '')).mode & 0o077).toBe(0);

    const me = (await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).json().data;
    expect(me.document).toBe('/customer/document/document');
    expect(me.address_proof).toBe('');

    const file = await t.app.inject({ url: '/customer/document/document', headers: bearer(ana.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces an earlier upload and removes the old file', async () => {
    const res = await upload(ana.token, body(ana.id, PDF, 'rg.PDF'));
    expect(res.statusCode).toBe(200);
    const files = readdirSync(join(dataDir, 'documents'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.pdf$/);
    const file = await t.app.inject({ url: '/customer/document/document', headers: bearer(ana.token) });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="documento.pdf"');
  });

  it('accepts a proof of address as JPEG, also as a data URL', async () => {
    const res = await upload(ana.token, {
      ...body(ana.id, JPEG, 'conta-de-luz.jpeg', 'address_proof'),
      fileBase64: `data:image/jpeg;base64,${JPEG.toString('base64')}`,
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).json().data;
    expect(me.address_proof).toBe('/customer/document/address_proof');
    expect(me.addressProof).toBe('/customer/document/address_proof');
  });

  it('lets only the owner upload and read: 401 without token, 403 for another id', async () => {
    expect((await upload(null, body(ana.id, PNG, 'a.png'))).statusCode).toBe(401);
    const other = await upload(bruno.token, body(ana.id, PNG, 'a.png'));
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('forbidden');
    expect((await t.app.inject({ url: '/customer/document/document' })).statusCode).toBe(401);
    // Bruno reads his own (missing) document, never Ana's.
    const missing = await t.app.inject({ url: '/customer/document/document', headers: bearer(bruno.token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Documento não encontrado.');
  });

  it('accepts the upload grant returned by sign-up, for that customer only', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: { user: 'nova@example.com', namef: 'Nova', namel: 'Pessoa', pw: 'segredo123' },
    });
    const { id, uploadToken } = signUp.json();
    expect((await upload(uploadToken, body(id, PDF, 'rg.pdf'))).statusCode).toBe(200);
    expect((await upload(uploadToken, body(ana.id, PDF, 'rg.pdf'))).statusCode).toBe(403);
    // The grant is no login: it cannot read the profile.
    expect((await t.app.inject({ url: '/customer/me', headers: bearer(uploadToken) })).statusCode).toBe(401);
  });

  it('refuses path tricks in file names', async () => {
    for (const fileName of [
      '../../etc/passwd.png',
      '..\\boot.ini.png',
      'a/b.png',
      '.htaccess.png',
      'a\u0000.png',
    ]) {
      const res = await upload(ana.token, body(ana.id, PNG, fileName));
      expect(res.statusCode, fileName).toBe(400);
      expect(res.json().message).toBe('Nome de arquivo inválido.');
    }
  });

  it('refuses a "PNG" that is not one, a PDF named as PNG and other types', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('isto não é uma imagem'), 'foto.png'],
      [PDF, 'foto.png'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'curto.png'],
      [Buffer.from('GIF89a....'), 'anim.gif'],
      [PNG, 'sem-extensao'],
    ];
    for (const [bytes, fileName] of cases) {
      const res = await upload(ana.token, body(ana.id, bytes, fileName));
      expect(res.statusCode, fileName).toBe(415);
      expect(res.json().message).toMatch(/PDF, JPEG ou PNG/);
    }
  });

  it('refuses bad base64, files over 5 MB, wrong types and unknown document types', async () => {
    const bad = await upload(ana.token, { ...body(ana.id, PNG, 'a.png'), fileBase64: '!!!não-é-base64!!!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('O arquivo enviado não está em base64 válido.');

    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    PNG.copy(big);
    const tooBig = await upload(ana.token, body(ana.id, big, 'grande.png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('O arquivo deve ter no máximo 5 MB.');

    const type = await upload(ana.token, body(ana.id, PNG, 'a.png', 'selfie'));
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/documentType/);

    const missing = await upload(ana.token, { customerId: ana.id, documentType: 'document' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Campo obrigatório ausente/);

    const notAType = await t.app.inject({
      url: '/customer/document/..%2F..%2Fetc',
      headers: bearer(ana.token),
    });
    expect(notAType.statusCode).toBe(400);
  });
});
