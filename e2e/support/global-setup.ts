import type { TestProject } from 'vitest/node';
import { type StackInfo, startStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One stack for the whole end-to-end run; the files run one after another. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { info, stop } = await startStack(Number(process.env.E2E_BASE_PORT ?? 43_210));
  project.provide('stack', info);
  return stop;
}
