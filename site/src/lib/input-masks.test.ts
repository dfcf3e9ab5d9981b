import { DOCUMENT_FILE_MESSAGES } from '@plateia/core/messages/documents';
import { describe, expect, it } from 'vitest';
import { documentFileProblem, MAX_DOCUMENT_BYTES } from './document-file.ts';
import { isCompleteCep, isCompletePhone, maskCep, maskCpfCnpj, maskPhone } from './input-masks.ts';

describe('masks', () => {
  it('formats CPF while typing, then CNPJ beyond 11 digits', () => {
    expect(maskCpfCnpj('529')).toBe('529');
    expect(maskCpfCnpj('5299822')).toBe('529.982.2');
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCpfCnpj('11.222.333/0001-81999')).toBe('11.222.333/0001-81');
  });

  it('takes the letters of an alphanumeric CNPJ, upper-cased, but not in its check digits', () => {
    expect(maskCpfCnpj('12a')).toBe('12.A');
    expect(maskCpfCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCpfCnpj('12.ABC.345/01DE-3X5')).toBe('12.ABC.345/01DE-35');
  });

  it('formats mobile and landline phones with the area code', () => {
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('')).toBe('');
    expect(isCompletePhone('(11) 98765-4321')).toBe(true);
    expect(isCompletePhone('(11) 9876')).toBe(false);
  });

  it('formats CEP', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
    expect(isCompleteCep('01310-100')).toBe(true);
    expect(isCompleteCep('01310')).toBe(false);
  });
});

describe('documentFileProblem', () => {
  it('accepts PDF, JPEG and PNG up to 5 MB', () => {
    expect(documentFileProblem({ name: 'rg.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(documentFileProblem({ name: 'rg.JPG', type: 'image/jpeg', size: MAX_DOCUMENT_BYTES })).toBeNull();
    expect(documentFileProblem({ name: 'conta.png', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types, mismatched names, empty and oversized files', () => {
    expect(documentFileProblem({ name: 'rg.gif', type: 'image/gif', size: 10 })).toBe(
      DOCUMENT_FILE_MESSAGES.type,
    );
    expect(documentFileProblem({ name: 'rg.exe', type: 'image/png', size: 10 })).toBe(
      DOCUMENT_FILE_MESSAGES.type,
    );
    expect(documentFileProblem({ name: 'rg.pdf', type: 'application/pdf', size: 0 })).toBe(
      DOCUMENT_FILE_MESSAGES.empty,
    );
    expect(
      documentFileProblem({ name: 'rg.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 }),
    ).toBe(DOCUMENT_FILE_MESSAGES.size);
  });
});
