import type { Config } from '../config.ts';
import { startSandboxCardGateway } from './card-gateway/index.ts';
import { startSandboxPsp } from './pix-psp/index.ts';

/** The sandbox stand-ins started for `npm start`. */
export interface SandboxPayments {
  close(): Promise<void>;
}

/**
 * In development with `PAYMENTS=sandbox`, starts the sandbox PSP and card gateway on their
 * ports (3011 and 3012 by default) so the demo can be paid end to end. A busy port only
 * disables that payment method, with a warning.
 */
export async function startSandboxPayments(config: Config): Promise<SandboxPayments | null> {
  const settings = config.paymentSettings;
  if (config.env !== 'development' || settings.mode !== 'sandbox') return null;
  const closers: (() => Promise<void>)[] = [];
  try {
    const psp = await startSandboxPsp({
      port: settings.sandboxPspPort,
      publicUrl: settings.pixApiUrl,
      merchantName: settings.merchantName,
      merchantCity: settings.merchantCity,
    });
    closers.push(psp.close);
  } catch (error) {
    console.warn(`Sandbox PSP not started on port ${settings.sandboxPspPort}: ${String(error)}`);
  }
  try {
    const gateway = await startSandboxCardGateway({
      port: settings.sandboxCardPort,
      publicUrl: settings.cardPublicUrl,
      secretKey: settings.cardSecretKey,
    });
    closers.push(gateway.close);
  } catch (error) {
    console.warn(`Sandbox card gateway not started on port ${settings.sandboxCardPort}: ${String(error)}`);
  }
  return {
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
