/**
 * A day in the life of a broker, in Chromium, on the seeded local stack (docs/decisions.md, "Tasks" and
 * "Deal-driven tasks and lease maturity"):
 * - a not-sold deal of the demo broker (waiting for the client) gets a new follow-up date on the deal form; its
 *   follow-up task moves with it, shows on the deal, then in My day on the dashboard, where the broker marks it done;
 * - the broker imports a CSV of clients at /clients/import in which one row has the phone of an existing client
 *   (written another way): the preview reports the match, "Update the existing client" updates that client (its notes)
 *   and creates the other row, and no second client of that name appears;
 * - an ADF document posted through the real API to a demo dealership's inbound lead address (the seeded one, read by
 *   an admin in the dealership's ADF dialog) lands in the broker's lead inbox, marked ADF.
 * Every name is unique to the run, so other files' data in the shared table changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealDetail, DealView } from '@shared/deals/api';
import { SYSTEM_TASK_NOTES, TASK_DONE_MESSAGE, TASK_UPDATED_MESSAGE } from '@shared/tasks/api';
import { systemTaskId } from '@shared/tasks/enums';
import { plusDays, wallClock } from '@shared/tasks/rules';
import { DEFAULT_TASK_TIME_ZONE } from '@functions/domain/deals/system-tasks';
import { apiFetch, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';
import { uniqueLetters, uniquePhoneParts } from './unique';

const openApp = useWebApp();
const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
/** The first demo dealership: the seed gives it an inbound ADF lead address (infra/local/seed/adf.ts). */
const ADF_DEALERSHIP = 'Bay Area BMW';
const FLOW_TIMEOUT_MS = 300_000;

let brokerToken: string;
let brokerId: string;
beforeAll(async () => {
  const session = await signInApi(broker.email, DEMO_PASSWORD);
  brokerToken = session.idToken;
  brokerId = (await createData().users.listBrokers(true)).find((profile) => profile.email === broker.email)!.userId;
  // The dev server compiles the app on its first request: load it once before the tests.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
});

describe("a broker's day", () => {
  it(
    "moves a not-sold deal's follow-up date on the deal form and marks its follow-up task done from My day",
    async () => {
      const data = createData();
      // The broker's day is in their own time zone (task settings; the default until they save one).
      const zone = (await data.tasks.settings(brokerId))?.timeZone ?? DEFAULT_TASK_TIME_ZONE;
      const today = wallClock(new Date(), zone).date;
      const clientName = `Waiting ${uniqueLetters()}`;
      const client = await apiFetch<ClientView>('/clients', {
        token: brokerToken,
        body: { fullName: clientName, email: `waiting.${randomUUID()}@example.com` },
      });
      expect(client.status, JSON.stringify(client.body)).toBe(201);
      const dealership = (await data.dealerships.listByName()).find((each) => each.name === ADF_DEALERSHIP)!;
      const created = await apiFetch<DealView>('/deals', {
        token: brokerToken,
        body: {
          year: 2026,
          make: 'BMW',
          model: 'X3',
          monthlyPayment: 589,
          downPayment: 3000,
          termMonths: 36,
          mileageAllowance: 10000,
          apr: 4.2,
          clientId: client.body.id,
          dealershipId: dealership.id,
          status: 'active',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      // The client was not ready: not sold, to follow up in a month (a deal is created live, then marked not sold).
      const notSold = await apiFetch<DealView>(`/deals/${created.body.id}`, {
        token: brokerToken,
        method: 'PATCH',
        body: {
          ...created.body,
          status: 'not_sold',
          notSoldReason: 'Not ready to purchase at this time',
          followUpDate: plusDays(today, 30),
        },
      });
      expect(notSold.status, JSON.stringify(notSold.body)).toBe(200);
      const deal = notSold.body;
      const title = `Follow up with ${clientName} (2026 BMW X3)`;

      const { context, page } = await openApp();
      await signInAs(page, 'broker');
      // The deal as the broker left it: not sold, the follow-up a month away and its open task listed.
      await page.goto(`/deals/${deal.id}`);
      const dealTasks = page.getByRole('region', { name: 'Tasks' }).getByRole('list', { name: 'Open tasks of this deal' });
      await dealTasks.getByText(title).waitFor();

      // The client called: the broker moves the follow-up to the day after tomorrow.
      await page.getByRole('link', { name: 'Edit Deal' }).click();
      await expectPath(page, `/deals/${deal.id}/edit`);
      const followUp = page.getByLabel('Follow-up date');
      await expect.poll(() => followUp.inputValue()).toBe(plusDays(today, 30));
      await followUp.fill(plusDays(today, 2));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, { title: 'Deal updated successfully', description: '2026 BMW X3', variant: 'success' });
      await expectPath(page, `/deals/${deal.id}`);
      await dealTasks.getByText(title).waitFor();
      // The same task, moved (a new date moves the open task; it is not a second one).
      expect(await data.tasks.get(systemTaskId(deal.id, 'follow-up'))).toMatchObject({
        dueDate: plusDays(today, 2),
        status: 'open',
      });

      // The broker sets the call for the afternoon on the task itself; the dialog says what the deal still changes.
      await dealTasks.getByRole('button', { name: `Edit: ${title}` }).click();
      const editTask = page.getByRole('dialog', { name: 'Edit task' });
      await editTask.getByText(SYSTEM_TASK_NOTES['follow-up']).waitFor();
      await editTask.getByLabel('Due time').fill('14:30');
      await editTask.getByRole('button', { name: 'Save task' }).click();
      await expectToast(page, { title: TASK_UPDATED_MESSAGE, description: title, variant: 'success' });
      // An edit of the deal that leaves its follow-up date alone keeps the broker's time.
      const current = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: brokerToken });
      const repriced = await apiFetch<DealView>(`/deals/${deal.id}`, {
        token: brokerToken,
        method: 'PATCH',
        body: { ...current.body.deal, monthlyPayment: 579 },
      });
      expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
      expect(await data.tasks.get(systemTaskId(deal.id, 'follow-up'))).toMatchObject({
        dueDate: plusDays(today, 2),
        dueTime: '14:30',
        status: 'open',
      });

      // My day on the dashboard: the task is due in the next 7 days; done with one click, it leaves My day.
      await page.goto('/dashboard');
      await expect.poll(() => page.title()).toMatch(/^Dashboard/);
      const upcoming = page.getByRole('list', { name: 'Tasks of the next 7 days' });
      await upcoming.getByText(title).waitFor();
      await expectAccessible(page);
      await saveScreenshot(page, 'broker-day-my-day');
      await upcoming.getByRole('button', { name: `Mark done: ${title}` }).click();
      await expectToast(page, { title: TASK_DONE_MESSAGE, description: title, variant: 'success' });
      await expect.poll(() => page.getByRole('main').getByText(title).count()).toBe(0);

      // The deal no longer lists it as open.
      await page.goto(`/deals/${deal.id}`);
      await page.getByRole('region', { name: 'Tasks' }).waitFor();
      await expect.poll(() => page.getByRole('region', { name: 'Tasks' }).getByText(title).count()).toBe(0);
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'imports a CSV of clients in which one matches an existing client by phone, is told so and updates that client',
    async () => {
      const name = uniqueLetters();
      const phone = uniquePhoneParts();
      const existing = await apiFetch<ClientView>('/clients', {
        token: brokerToken,
        body: {
          fullName: `Existing ${name}`,
          email: `existing.${randomUUID()}@example.com`,
          phone: `+1${phone.area}${phone.exchange}${phone.line}`,
        },
      });
      expect(existing.status, JSON.stringify(existing.body)).toBe(201);
      const fresh = { name: `Fresh ${name}`, email: `fresh.${randomUUID()}@example.com` };
      const note = `Prefers a call after 5pm ${name}`;
      const file = [
        'Name,Email,Phone,Notes',
        `${fresh.name},${fresh.email},,`,
        // The same phone, written the way the broker's old spreadsheet had it.
        `Existing ${name},existing.${randomUUID()}@example.com,(${phone.area}) ${phone.exchange}-${phone.line},${note}`,
      ].join('\r\n');

      const { context, page } = await openApp();
      await signInAs(page, 'broker', '/clients');
      await page.getByRole('link', { name: 'Import CSV' }).click();
      await expectPath(page, '/clients/import');
      await page.getByLabel('CSV file').setInputFiles({ name: 'old-book.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

      const preview = page.getByRole('table', { name: 'Preview of the first rows' });
      await preview.getByText(`Matches existing client Existing ${name} (same phone)`).waitFor();
      await page
        .getByText('2 rows: 1 to import, 0 with errors, 0 duplicated in the file, 1 matching existing clients.')
        .waitFor();
      // Skipping is the default; updating makes the matching row one to import too.
      await page.getByRole('radio', { name: 'Update the existing client' }).check();
      await page
        .getByText('2 rows: 2 to import, 0 with errors, 0 duplicated in the file, 1 matching existing clients.')
        .waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Import 2 clients' }).click();
      await page.getByRole('status').getByText('Import finished: 1 created, 1 updated, 0 skipped.').waitFor();

      await page.getByRole('link', { name: 'See your clients' }).click();
      await expectPath(page, '/clients');
      await page.getByPlaceholder('Search clients...').fill(name);
      const table = page.getByRole('table');
      await table.getByRole('rowheader', { name: fresh.name, exact: true }).waitFor();
      await table.getByRole('rowheader', { name: `Existing ${name}`, exact: true }).waitFor();
      // The matching row updated the client it matched rather than adding a second one.
      await expect.poll(() => table.getByRole('rowheader').count()).toBe(2);
      const updated = await apiFetch<ClientView>(`/clients/${existing.body.id}`, { token: brokerToken });
      expect(updated.body).toMatchObject({ fullName: `Existing ${name}`, notes: note });
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "shows an ADF lead posted to a dealership's inbound address in the broker's lead inbox, marked ADF",
    async () => {
      const admin = await openApp();
      await signInAs(admin.page, 'admin');
      await admin.page.goto('/dealerships');
      await admin.page.getByLabel('Search dealerships').fill(ADF_DEALERSHIP);
      const row = admin.page.getByRole('row').filter({ hasText: ADF_DEALERSHIP });
      await row.getByRole('button', { name: `ADF lead address of ${ADF_DEALERSHIP}` }).click();
      const dialog = admin.page.getByRole('dialog', { name: `ADF lead address: ${ADF_DEALERSHIP}` });
      // The seeded address is live: no "Make Lead Address" needed.
      const address = dialog.getByRole('textbox');
      await expect.poll(() => address.inputValue()).toMatch(/\/leads\/adf\/[A-Za-z0-9_-]{22}$/);
      const url = await address.inputValue();
      await admin.context.close();

      const lastName = `Okafor${uniqueLetters()}`;
      const document = `<?xml version="1.0" encoding="UTF-8"?>
<?adf version="1.0"?>
<adf><prospect>
  <id source="BayAreaBMW.com">DAY-${randomUUID()}</id>
  <requestdate>2026-11-26T8:47:50-08:00</requestdate>
  <vehicle interest="lease"><year>2026</year><make>BMW</make><model>X5</model></vehicle>
  <customer><contact><name part="first">Dana</name><name part="last">${lastName}</name>
    <email>dana.${randomUUID()}@example.com</email><phone type="mobile">(415) 555-0199</phone></contact>
    <comments>Wants to lease before the holidays.</comments></customer>
  <provider><name part="full">BayAreaBMW.com Get a Quote</name></provider>
</prospect></adf>`;
      const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: document });
      expect(posted.status, await posted.clone().text()).toBe(200);

      const { context, page } = await openApp();
      await signInAs(page, 'broker', '/leads');
      const lead = page.getByRole('list', { name: 'Leads, newest first' }).getByRole('listitem').filter({ hasText: lastName });
      await lead.waitFor();
      await expect.poll(() => lead.getByText('ADF', { exact: true }).count()).toBe(1);
      await expectAccessible(page);
      await saveScreenshot(page, 'broker-day-adf-lead');
      await context.close();
    },
    FLOW_TIMEOUT_MS,
  );
});
