import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

/** One axe-core violation, reduced to what a failing test should print. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A/AA rules and best practices, open shadow roots
 * included) and returns the violations with impact serious or critical.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Colours read mid-transition (a dialog fading in) are not the ones people read.
  // `document.getAnimations()` leaves out shadow trees, so each open root is asked too.
  await page.waitForFunction(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let index = 0; index < roots.length; index += 1) {
      for (const element of roots[index]?.querySelectorAll('*') ?? []) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    return roots
      .flatMap((root) => root.getAnimations())
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      );
  });
  // Evaluated through the browser's protocol, not added as a <script>: the storefront's
  // Content-Security-Policy blocks inline scripts, and rightly so.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A readable listing of violations for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n${violation.nodes
          .map(
            (node) =>
              `  ${JSON.stringify(node.target)}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
          )
          .join('\n')}`,
    )
    .join('\n');
}

/**
 * Fails the test when axe-core finds a serious or critical violation on the page as it is
 * now; the pointer first rests off the controls (a hover colour is not what this checks).
 */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  await page.mouse.move(0, 0);
  const violations = await seriousViolations(page);
  expect(violations, `${view}:\n${describeViolations(violations)}`).toEqual([]);
}
