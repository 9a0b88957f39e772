/**
 * The notification centre in Chromium (docs/decisions.md, "Notifications"): the demo broker sees the unread count in
 * the bell's name on the dashboard, opens the bell, opens a notification (its record opens), and the count drops.
 * On a 390 px phone the panel stays inside the window, its "Mark all as read" is a real tap target, Escape gives
 * the focus back to the bell, and an empty centre says so without offering "Mark all as read".
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { commit } from '@functions/lib/data/transactions';
import { DEMO_USERS } from '@infra/local/config';
import { expectAccessible, expectPath, isFocused, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();
const FLOW_TIMEOUT_MS = 300_000;
const PHONE = { width: 390, height: 844 };

/** The unread count the bell's accessible name states (0 when it says none). */
const unreadOf = (name: string | null) => Number(/, (\d+) unread/.exec(name ?? '')?.[1] ?? 0);

describe('notification bell', () => {
  it(
    'shows the count, opens a notification to its record and lowers the count',
    async () => {
      const data = createData();
      const profile = (await data.users.listBrokers(true)).find((p) => p.email === DEMO_USERS[1].email)!;
      const title = `Concierge fee paid: Bell ${randomUUID().slice(0, 8)}`;
      const now = new Date();
      await commit(
        data.notifications.writes([{ userId: profile.userId, kind: 'concierge-fee-paid', title, link: '/deals' }], now),
      );

      const { context, page } = await openApp();
      await signInAs(page, 'broker', '/dashboard');
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await expect.poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 30_000 }).toBeGreaterThan(0);
      const before = unreadOf(await bell.getAttribute('aria-label'));

      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByRole('button', { name: title }).waitFor();
      await expectAccessible(page);
      await saveScreenshot(page, 'notification-bell-broker');
      await panel.getByRole('button', { name: title }).click();
      await expectPath(page, '/deals');

      await page.goto('/dashboard');
      await expect
        .poll(async () => unreadOf(await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')), {
          timeout: 30_000,
        })
        .toBe(before - 1);
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it('fits a 390 px phone, with several notifications and with none', async () => {
    const data = createData();
    const profile = (await data.users.listBrokers(true)).find((p) => p.email === DEMO_USERS[1].email)!;
    const now = new Date();
    const tag = randomUUID().slice(0, 8);
    await commit(
      data.notifications.writes(
        [
          {
            userId: profile.userId,
            kind: 'lead-assigned',
            title: `Lead assigned to you: Jordan Castellanos-Whitfield ${tag} (2025 Toyota RAV4 Hybrid XSE)`,
            link: '/leads',
          },
          { userId: profile.userId, kind: 'concierge-fee-paid', title: `Concierge fee paid: Phone ${tag}`, link: '/deals' },
          { userId: profile.userId, kind: 'credit-application-completed', title: `Credit application: ${tag}`, link: '/deals' },
        ],
        now,
      ),
    );

    const { context, page } = await openApp({ viewport: PHONE });
    await signInAs(page, 'broker');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: new RegExp(`Jordan Castellanos-Whitfield ${tag}`) }).waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - 8);
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBe(0);
    const markAll = (await panel.getByRole('button', { name: 'Mark all as read' }).boundingBox())!;
    expect(markAll.height).toBeGreaterThanOrEqual(24);
    await expectAccessible(page);
    await saveScreenshot(page, 'notification-bell-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect(isFocused(bell)).resolves.toBe(true);
    await context.close();

    // None at all (a new broker's centre): the API's empty answer, served to the page as it would come.
    const empty = await openApp({ viewport: PHONE });
    await signInAs(empty.page, 'broker');
    await empty.page.route(
      (url) => url.pathname === '/notifications',
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({ notifications: [], unreadCount: 0 }),
        }),
    );
    await empty.page.reload();
    const emptyBell = empty.page.getByRole('button', { name: 'Notifications', exact: true });
    await emptyBell.click();
    const emptyPanel = empty.page.getByRole('dialog', { name: 'Notifications' });
    await emptyPanel.getByText('You have no notifications.').waitFor();
    await expect(emptyPanel.getByRole('button', { name: 'Mark all as read' }).count()).resolves.toBe(0);
    await expectAccessible(empty.page);
    await saveScreenshot(empty.page, 'notification-bell-phone-empty', { fullPage: false });
    await empty.context.close();
  });
});
