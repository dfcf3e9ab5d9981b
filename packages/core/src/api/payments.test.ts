import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import { fetchCardConfig } from './payments.ts';

afterEach(() => {
  configureApi({});
});

describe('payment calls', () => {
  it('asks the card configuration for an amount', async () => {
    const calls = fakeApi(() => json(200, { maxInstallments: 12, installments: [] }));
    await fetchCardConfig(10000);
    expect(String(calls[0]?.url)).toBe('https://api.test/payments/card/config?amount=10000');
  });
});
