import { AxeBuilder } from '@axe-core/playwright';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** Fails on axe's serious or critical violations, naming the first three nodes of each. */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  assert.deepEqual(serious, [], `axe violations on ${label}`);
}
