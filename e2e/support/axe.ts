import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0/2.1/2.2 level A and AA rules: what the team standard ("0 serious/critical") is measured on. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe leaves its experimental rules out even when their WCAG tag is asked for; these map to WCAG A/AA success
 * criteria (2.5.3 label in name, 1.3.1 info and relationships, 1.3.4 orientation), so they are audited too.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
  'css-orientation-lock',
];

/**
 * Runs axe-core on the page as it stands and fails listing every serious or critical violation (rule id, what it
 * asks for and the selectors of the offending nodes). Minor and moderate findings do not fail the audit.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // Audit the settled page: colours read mid-transition (a fading header on a step change) are not what
  // anyone reads. Endless animations (spinners) and scroll-driven ones (daisyUI's open-modal scroll lock runs on
  // a scroll timeline and stays "running" while a dialog is open) never settle, so they are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          !(a.timeline instanceof DocumentTimeline) ||
          a.effect?.getTiming().iterations === Infinity,
      ),
  );
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `[${v.impact}] ${v.id}: ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.map(String).join(' > ')}  ${n.failureSummary ?? ''}`).join('\n'),
  );
  expect(serious.length, `axe found serious/critical violations on ${label}:\n${report.join('\n')}`).toBe(0);
}
