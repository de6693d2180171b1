import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * The `test` every spec uses. Its automatic fixtures:
 * - hydration watch (issue 31): every page of every browser context the test opens is listened to, and the
 *   test fails on a React hydration error (#418 text mismatch, #419–#425 and their development wording). Such
 *   an error makes React throw the server's HTML away and draw the island again, dropping what the person
 *   had typed or ticked meanwhile.
 * - slow phone: in a project with `slowPhone: true` ("teléfono lento"), every page runs with Chrome's CPU
 *   throttled 6× and a slow mobile network (about 1.6 Mbps down, 750 kbps up, 150 ms latency) through CDP.
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|421|422|423|425)\b|hydration failed|didn't match|did not match|while hydrating/i;

export const SLOW_PHONE = {
  cpuRate: 6,
  network: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
} as const;

/** Chrome's CPU and network throttling for one page (through its DevTools protocol session). */
export async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuRate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE.network);
}

/** The project option that turns the slow phone on. */
export type SlowPhoneOption = { slowPhone: boolean };
type Options = SlowPhoneOption;
type Fixtures = { hydrationErrors: string[] };

export const test = base.extend<Options & Fixtures>({
  slowPhone: [false, { option: true }],
  page: async ({ page, slowPhone }, use) => {
    if (slowPhone) await throttle(page);
    await use(page);
  },
  hydrationErrors: [
    async ({ context, browser, slowPhone }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' && HYDRATION_ERROR.test(message.text()))
            errors.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => {
          if (HYDRATION_ERROR.test(`${error.message} ${error.stack ?? ''}`))
            errors.push(`${page.url()}: ${error.message}`);
        });
      };
      const watchContext = (ctx: BrowserContext) => {
        ctx.pages().forEach(watch);
        ctx.on('page', (page) => {
          watch(page);
          if (slowPhone) void throttle(page).catch(() => undefined);
        });
      };
      watchContext(context);
      // Contexts a test opens itself (a second person, another browser) are watched too.
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const ctx = await newContext.apply(browser, args);
        watchContext(ctx);
        return ctx;
      };
      await use(errors);
      browser.newContext = newContext;
      expect(errors, 'React hydration errors on the pages this test visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
