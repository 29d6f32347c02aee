import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2 A and AA problems axe rates serious or critical on the page as it stands (an open dialog
 * included), one line each, led by `where` (the path, or the dialog's name). A sandboxed frame (the
 * e-mail template preview) runs no script, so axe cannot enter it and would wait forever: it is
 * left out (its content is the user's own HTML, not the app's).
 */
export async function seriousProblems(page: Page, where = new URL(page.url()).pathname): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe[sandbox]')
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${where} ${violation.id}: ${node.failureSummary ?? ''} (${node.html.slice(0, 120)})`,
      ),
    );
}
