import type { TestProject } from 'vitest/node';
import { type StackInfo, startStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * One stack for the whole end-to-end run; the files run one after another. Its fixed ports
 * sit below the kernel's ephemeral range (32768-60999 on Linux), where listeners on port 0
 * of the suites running beside it could take one first.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await startStack(Number(process.env.E2E_BASE_PORT ?? 23_210));
  project.provide('stack', info);
  return stop;
}
