/**
 * The notification centre in Chromium (docs/decisions.md, "Notifications"): the demo broker sees the unread count in
 * the bell's name on the dashboard, opens the bell, opens a notification (its record opens), and the count drops.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createData } from '@functions/lib/data';
import { commit } from '@functions/lib/data/transactions';
import { DEMO_USERS } from '@infra/local/config';
import { expectAccessible, expectPath, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const openApp = useWebApp();
const FLOW_TIMEOUT_MS = 300_000;

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
      await signInAs(page, 'broker');
      await page.goto('/dashboard');
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
});
