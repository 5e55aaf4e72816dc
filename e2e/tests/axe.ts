import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, Result, RunOptions } from 'axe-core';

/** WCAG 2.2 AA, as the checks of issue 46 read it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * axe-core's own `axe.run` on the page, injected once per document (a walk inside one loaded app
 * keeps it). AxeBuilder injects axe again and finishes each run in a new blank page, which costs
 * seconds a call; our pages have no frames to gather, so one run in the page gives the same
 * violations at a fraction of the time. Only violations are returned (no passes or details of
 * rules that did not apply).
 */
export async function axeViolations(page: Page, selector?: string): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, include }) => {
      type Run = (context: ElementContext, options: RunOptions) => Promise<AxeResults>;
      const axe = (window as unknown as { axe: { run: Run } }).axe;
      const results: AxeResults = await axe.run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    { tags: WCAG_TAGS, include: selector },
  );
}
