import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/** The call the reviewers' landing page makes first. */
const QUEUE_SUMMARY = '**/api/review-queues/summary';

async function signInAsReviewer(page: Page) {
  await signIn(page, 'reviewer@portal.test');
  await expect(page).toHaveURL(/\/emvo$/);
}

/**
 * Resolves once the toasts' code has come: the toast host's chunk, every chunk it imports and its styles. The
 * portal fetches it once the first screen shows (not at the start, where it competed with that
 * screen); a browser offline before then has no toast to show.
 */
async function toastCodeLoaded(page: Page) {
  // From the page the next goto opens: the page it leaves may still be loading the same code, whose body
  // is then gone.
  await page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  const host = await page.waitForResponse(/\/assets\/toast-host-[^/]*\.js$/);
  const imported = [...(await host.text()).matchAll(/from\s*"\.\/([^"]+\.js)"/g)].map(
    ([, file]) => `/assets/${file}`,
  );
  // The page's own resource timing: a file loaded at the start (the entry, shared with the toast host) is
  // there too, where a request listener added after the navigation could miss its end (CI saw it).
  const loaded = async () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
  await expect
    .poll(async () => {
      const paths = await loaded();
      return [...imported, /\/assets\/toast-host-[^/]*\.css$/].every((file) =>
        typeof file === 'string' ? paths.includes(file) : paths.some((path) => file.test(path)),
      );
    })
    .toBe(true);
}

/** Whether two boxes on screen share any pixel. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [1366, 412]) {
  test(`at ${width} px an error toast is an error and covers none of the top bar's or the page's controls`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 915 });
    await signIn(page, 'admin@portal.test');
    await expect(page).toHaveURL(/\/admin$/);
    await page.route(/\/api\/gateways(\?|$)/, (route) =>
      route.fulfill({ status: 409, json: { code: 'VERSION_CONFLICT', message: 'stale' } }),
    );
    await page.goto('/admin/gateways');
    const message = page.getByText('Someone else changed this record. Reload it and try again.');
    await expect(message).toBeVisible();
    const toast = page.locator('.Toastify__toast', { has: message });
    // spec §3: a toast has the type and the title of what it says (an error, not information).
    await expect(toast).toHaveClass(/Toastify__toast--error/);
    await expect(toast).toContainText('Error');
    await expect(page.getByRole('button', { name: 'New gateway' })).toBeVisible();
    const box = await toast.boundingBox();
    const controls = [
      page.getByRole('navigation', { name: 'Account' }),
      page.getByRole('link', { name: 'Onboarding Portal, start page' }),
      page.getByRole('heading', { level: 1 }),
      page.getByRole('button', { name: 'New gateway' }),
    ];
    for (const control of controls) {
      const covered = await control.boundingBox();
      expect(box && covered && overlaps(box, covered), String(control)).toBe(false);
    }
  });
}

/** spec §8 error paths, answered by intercepting the API's responses. */
test.describe('the error catalogue in the running portal', () => {
  test('401 ERR_BAD_CREDENTIALS shows that message', async ({ page }) => {
    await signInAsReviewer(page);
    await page.route(QUEUE_SUMMARY, (route) =>
      route.fulfill({ status: 401, json: { code: 'ERR_BAD_CREDENTIALS', message: 'bad credentials' } }),
    );
    await page.goto('/emvo');
    await expect(page.getByText('The user name or password is not correct.')).toBeVisible();
  });

  test('403 shows FORBIDDEN and goes back', async ({ page }) => {
    await signInAsReviewer(page);
    await page.goto('/emvo/no-such-screen');
    await expect(page.getByRole('heading', { name: 'This page does not exist.' })).toBeVisible();
    await page.route(QUEUE_SUMMARY, (route) =>
      route.fulfill({ status: 403, json: { code: 'FORBIDDEN', message: 'no' } }),
    );
    // The logo leads to '/', which sends a reviewer on to /emvo, whose call now answers 403.
    await page.getByRole('link', { name: 'Onboarding Portal, start page' }).click();
    await expect(page.getByText('You are not allowed to do this.')).toBeVisible();
    await expect(page).toHaveURL(/\/emvo\/no-such-screen$/);
  });

  test('503 replaces the whole app with the unavailable page', async ({ page }) => {
    await signInAsReviewer(page);
    await page.route(QUEUE_SUMMARY, (route) =>
      route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }),
    );
    await page.goto('/emvo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The service is unavailable. Please try again later.' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('offline shows its message once, later failures stay silent', async ({ page, context }) => {
    await signInAsReviewer(page);
    let release: () => void = () => {};
    let reached: () => void = () => {};
    const offline = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requested = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // The list call is held until the browser is offline, then fails as an offline call does.
    await page.route(QUEUE_SUMMARY, async (route) => {
      reached();
      await offline;
      await route.abort('internetdisconnected');
    });
    const toastCode = toastCodeLoaded(page);
    await page.goto('/emvo');
    await requested;
    await toastCode;
    await context.setOffline(true);
    release();
    const message = page.getByText('You are offline. Check your connection.');
    await expect(message).toHaveCount(1);
    // Held under the pointer, the toast stays past its 5 s (a busy machine may take that long below): a
    // second message would show beside it.
    await message.hover();
    // The page comes back into view: the failed list is asked again, fails again, and says nothing more.
    let failures = 0;
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/review-queues/summary')) failures += 1;
    });
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => failures).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(300);
    await expect(message).toHaveCount(1);
  });
});

test.describe('a screen that cannot load', () => {
  test("offline, a screen whose code has not come shows the portal's error page in the layout", async ({
    page,
    context,
  }) => {
    await signInAsReviewer(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Session tokens' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be shown.' }),
    ).toBeVisible();
    await expect(page.getByText('You are offline. Check your connection.').first()).toBeVisible();
    // The menu stays, and the page tries again once back online.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/emvo\/session-tokens$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Session tokens' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('keyboard', () => {
  test('skip link, menu and logout work with the keyboard alone', async ({ page }) => {
    await signInAsReviewer(page);
    // The landing page has drawn: a Tab pressed while it loads would land nowhere in particular.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    // Into the top bar from the top of a fresh page: the skip link, the logo, the search (a reviewer's),
    // then the logout action.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Onboarding Portal, start page' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Search companies, people and checks' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

/** axe on every page reachable so far: no serious or critical violation. */
test.describe('accessibility', () => {
  test('the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Useful links' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the identity provider's sign-in form", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#signInName')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [email, area] of [
    ['reviewer@portal.test', '/emvo'],
    ['admin@portal.test', '/admin'],
    ['external@portal.test', '/external/onboarding'],
  ] as const) {
    test(`the ${area} area`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(new RegExp(`${area}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the not-found page', async ({ page }) => {
    await signInAsReviewer(page);
    await page.goto('/emvo/no-such-screen');
    await expect(page.getByRole('heading', { name: 'This page does not exist.' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the unavailable page', async ({ page }) => {
    await signInAsReviewer(page);
    await page.route(QUEUE_SUMMARY, (route) =>
      route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE' } }),
    );
    await page.goto('/emvo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The service is unavailable. Please try again later.',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the menu is a strip above the page, which keeps the whole width', async ({ page }) => {
    await signInAsReviewer(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const main = page.locator('main');
    const [menuBox, mainBox] = [await menu.boundingBox(), await main.boundingBox()];
    // The page starts under the menu, not beside it, and spans the phone's width.
    expect(mainBox?.y).toBeGreaterThanOrEqual((menuBox?.y ?? 0) + (menuBox?.height ?? 0) - 1);
    expect(mainBox?.width).toBeGreaterThanOrEqual(400);
    // The strip is wider than the phone and says so: a shadow at the edge with more
    // items beyond it, and a visible scrollbar.
    const strip = await menu.evaluate((nav) => ({
      overflows: nav.scrollWidth > nav.clientWidth,
      shadows: getComputedStyle(nav).backgroundImage.match(/radial-gradient/g)?.length ?? 0,
      scrollbar: getComputedStyle(nav).scrollbarWidth,
    }));
    expect(strip).toEqual({ overflows: true, shadows: 2, scrollbar: 'thin' });
    // The menu's last item scrolls into view and still leads to its screen.
    await menu.getByRole('link', { name: 'Tests status metrics' }).click();
    await expect(page).toHaveURL(/\/emvo\/tests-status-metrics$/);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the first paint', () => {
  test("waits for no stylesheet: the shell's styles are in the page, and they apply", async ({ page }) => {
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<style>');
    expect(html).not.toContain('rel="stylesheet"');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The portal's own styles, from the inline sheet (the screens' own sheets still load as files): the
    // skip link sits off screen until focused.
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    expect((await skipLink.boundingBox())?.y ?? 0).toBeLessThan(0);
  });
});
