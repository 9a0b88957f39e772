/**
 * Commission statements and payroll in Chromium (docs/decisions.md, "Commission ledger"), axe on both screens and
 * the dialogs: a broker reads a past month's statement from their profile, an admin changes their rate in the broker
 * dialog, and the past month still shows the amount booked when the deal closed; an admin adds an adjustment, marks
 * a broker's ended month paid (a balance changed meanwhile is refused and shown afresh), the row shows it paid, and
 * "Export CSV" downloads the month's statements for payroll.
 *
 * Each test makes its own broker (a deal closed last month, written through the deals store), so the stack's other
 * files and brokers change nothing here.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { DealFields } from '@functions/domain/deals/deals';
import type { UpdateBrokerRequest } from '@shared/brokers/api';
import { COMMISSION_MESSAGES } from '@shared/brokers/commission-api';
import { formatDate } from '@shared/format';
import { parseCsv } from '@shared/transfers/csv';
import { addMonths, currentMonth, monthLabel } from '@web/features/brokers/month';
import { apiFetch, createUser, signIn as signInApi, TEST_PASSWORD, uniqueEmail } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, isFocused, saveScreenshot, signIn, useWebApp } from './browser';
import { signInAs } from './session';
import { uniqueLetters } from './unique';

const openApp = useWebApp();

/** Sign-ins, a few page loads and dialogs, on a machine shared by several stacks. */
const FLOW_TIMEOUT_MS = 300_000;

const admin = DEMO_USERS.find((user) => user.key === 'admin')!;
let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInApi(admin.email, DEMO_PASSWORD)).idToken;
  // The dev server compiles the app on its first request: load it once before the tests.
  const { context, page } = await openApp();
  await page.goto('/auth', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 120_000 });
  await context.close();
}, 150_000);

const TEN_PERCENT: UpdateBrokerRequest = {
  isApproved: true,
  isLicensed: true,
  commissionType: 'percentage',
  commissionValue: 10,
  licenseNumber: 'CA-0012345',
  licenseExpirationDate: '2030-06-30',
};

/** Last month: ended, so payroll may pay it, and the month payroll opens on. */
const lastMonth = addMonths(currentMonth(), -1);

/** A broker of their own, approved at 10% of fees, who can sign in with TEST_PASSWORD. */
async function newBroker() {
  const { email, userId } = await createUser('broker', uniqueEmail('broker'));
  const fullName = `Broker ${uniqueLetters()}`;
  await createData().users.registerBroker({ userId, email, fullName }, new Date());
  const approved = await apiFetch(`/admin/brokers/${userId}`, { token: adminToken, method: 'PATCH', body: TEN_PERCENT });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { userId, email, fullName };
}

/** A deal of `brokerId` closed in `month` with $2,000 of dealer fee: $200.00 of commission at 10%. */
async function closedDeal(brokerId: string, month: string, clientName: string) {
  const deal: DealFields = {
    brokerId,
    clientName,
    year: 2025,
    make: 'Mazda',
    model: 'CX-5',
    dealType: 'lease',
    status: 'closed',
    dealClosedAt: `${month}-10T12:00:00.000Z`,
    brokerFeeDealer: 2000,
    monthlyPayment: 389,
    downPayment: 1500,
    termMonths: 36,
    isArchived: false,
    creditAppFormType: 'generic',
  };
  return (await createData().deals.create(deal, new Date(`${month}-02T12:00:00.000Z`))).deal;
}

/** The statement's totals as shown: "Opening balance" → "$0.00"… */
async function shownTotals(page: Page): Promise<Record<string, string>> {
  const totals = page.getByRole('region', { name: 'Totals' });
  const terms = await totals.locator('dt').allTextContents();
  const values = await totals.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']));
}

/** The cells of a table row, header cell first. */
const cellsOf = (page: Page, table: string, rowName: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowName }) });

describe('commission statements and payroll', { timeout: FLOW_TIMEOUT_MS }, () => {
  it("keeps a past month's booked commission on the broker's statement when an admin changes their rate", async () => {
    const broker = await newBroker();
    const clientName = `Client ${uniqueLetters()}`;
    await closedDeal(broker.userId, lastMonth, clientName);

    // The broker reaches their statement from the profile: this month first, empty.
    const { page } = await openApp();
    await signIn(page, broker.email, TEST_PASSWORD);
    await expectPath(page, '/');
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Commission Statement' }).click();
    await expectPath(page, '/profile/commission');
    await page.getByRole('heading', { level: 1, name: 'Commission Statement' }).waitFor();
    await page.getByText('No commission entries this month.').waitFor();
    expect(await page.title()).toBe('Commission Statement · LeaseDesk');

    // Last month holds the closed deal, at the rate it closed under.
    await page.getByRole('button', { name: 'Previous Month' }).click();
    const entries = page.getByRole('table', { name: `Commission entries, ${monthLabel(lastMonth)}` });
    const row = entries.getByRole('row').filter({ hasText: clientName });
    await row.waitFor();
    const bookedCells = await row.getByRole('cell').allTextContents();
    expect(bookedCells).toEqual([
      formatDate(`${lastMonth}-10T12:00:00.000Z`),
      'Open deal',
      clientName,
      '2025 Mazda CX-5',
      '$2,000.00',
      '10% of fees',
      '$200.00',
    ]);
    await expect(row.getByRole('rowheader').textContent()).resolves.toBe('Deal closed');
    expect(await shownTotals(page)).toEqual({
      'Opening balance': '$0.00',
      Earned: '$200.00',
      Paid: '$0.00',
      'Closing balance': '$200.00',
    });
    await expectAccessible(page);
    await saveScreenshot(page, 'commission-statement');

    // Printed, the statement is the page: no app navigation, no month navigator, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Month' }).isVisible()).toBe(false);
    expect(await entries.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Print' }).waitFor();

    // An admin raises the broker's rate in the broker dialog.
    const adminApp = await openApp();
    await signInAs(adminApp.page, 'admin');
    await adminApp.page.goto('/admin/brokers');
    // Once the month's figures are in, the broker cards stop moving.
    await adminApp.page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await adminApp.page.getByRole('button', { name: `Edit ${broker.fullName}` }).click();
    const dialog = adminApp.page.getByRole('dialog', { name: `Edit ${broker.fullName}` });
    const rate = dialog.getByLabel('Commission (% of fees)');
    await expect.poll(() => rate.inputValue()).toBe('10');
    await rate.fill('25');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(adminApp.page, {
      title: 'Broker updated',
      description: `${broker.fullName} is approved.`,
      variant: 'success',
    });

    // The new rate is the broker's now; last month's statement still shows what was booked.
    await page.goto('/profile');
    await page.getByText('25% of fees').waitFor();
    await page.goto(`/profile/commission?month=${lastMonth}`);
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(bookedCells);
    expect((await shownTotals(page))['Closing balance']).toBe('$200.00');
  });

  it('adds an adjustment, marks a month paid (a balance changed meanwhile is refused) and exports it for payroll', async () => {
    const broker = await newBroker();
    await closedDeal(broker.userId, lastMonth, `Client ${uniqueLetters()}`);

    const { page } = await openApp();
    await signInAs(page, 'admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payroll' }).click();
    await expectPath(page, '/admin/commission');
    await page.getByRole('heading', { level: 1, name: 'Commission Payroll' }).waitFor();
    expect(await page.title()).toBe('Commission Payroll · LeaseDesk');
    const table = `Commission statements, ${monthLabel(lastMonth)}`;
    const row = cellsOf(page, table, broker.fullName);
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '$0.00',
      '$200.00',
      '$0.00',
      '$200.00',
      'Open',
      'StatementMark Paid',
    ]);
    await expectAccessible(page);

    // The adjustment: refused empty (focus on the broker), then a spiff with its reason.
    await page.getByRole('button', { name: 'Add Adjustment' }).click();
    const adjust = page.getByRole('dialog', { name: 'Add adjustment' });
    await adjust.getByLabel('Reason').waitFor();
    await expectAccessible(page, 'dialog');
    await adjust.getByRole('button', { name: 'Add Adjustment' }).click();
    await adjust.getByText(COMMISSION_MESSAGES.brokerRequired).waitFor();
    await expect.poll(() => isFocused(adjust.getByRole('combobox', { name: 'Broker' }))).toBe(true);
    await adjust.getByRole('combobox', { name: 'Broker' }).click();
    await adjust.getByRole('combobox', { name: 'Search brokers' }).fill(broker.fullName);
    await adjust.getByRole('option', { name: broker.fullName, exact: true }).click();
    await adjust.getByRole('radio', { name: 'Spiff' }).click();
    await adjust.getByLabel('Amount ($)').fill('50');
    await adjust.getByLabel('Reason').fill('Spring promotion');
    const added = page.waitForResponse((response) => response.url().endsWith('/admin/commission/adjustments'));
    await adjust.getByRole('button', { name: 'Add Adjustment' }).dblclick();
    expect((await added).status()).toBe(201);
    await expectToast(page, {
      title: 'Adjustment added',
      description: `Spiff of $50.00 for ${broker.fullName}.`,
      variant: 'success',
    });
    await adjust.waitFor({ state: 'hidden' });
    // It is in the broker's open month, this one: once (the double click sent one request).
    await page.getByRole('button', { name: 'Next Month' }).click();
    const thisMonth = cellsOf(page, `Commission statements, ${monthLabel(currentMonth())}`, broker.fullName);
    await expect
      .poll(() => thisMonth.getByRole('cell').allTextContents())
      .toEqual(['$200.00', '$50.00', '$0.00', '$250.00', 'Open (month not ended)', 'Statement']);
    await page.getByRole('button', { name: 'Previous Month' }).click();
    await row.waitFor();

    // Mark paid: another deal of last month closes while the dialog is open, so the balance it shows is refused.
    await page.getByRole('button', { name: `Mark paid: ${broker.fullName}` }).click();
    const pay = page.getByRole('dialog', { name: `Mark paid: ${broker.fullName}` });
    const figures = pay.getByRole('definition');
    await expect.poll(() => figures.allTextContents()).toEqual(['$200.00', '$200.00']);
    await expectAccessible(page, 'dialog');
    await closedDeal(broker.userId, lastMonth, `Client ${uniqueLetters()}`);
    const reference = `CHK-${uniqueLetters()}`;
    await pay.getByLabel('Payout reference').fill(reference);
    const paidOn = await pay.getByLabel('Payout date').inputValue();
    await pay.getByRole('button', { name: 'Mark Paid' }).click();
    await expectToast(page, {
      title: 'Statement changed',
      description: COMMISSION_MESSAGES.statementChanged,
      variant: 'destructive',
    });
    await expect.poll(() => figures.allTextContents()).toEqual(['$400.00', '$400.00']);
    await pay.getByRole('button', { name: 'Mark Paid' }).click();
    await expectToast(page, {
      title: 'Statement paid',
      description: `${broker.fullName}: $400.00 paid, reference ${reference}.`,
      variant: 'success',
    });
    await pay.waitFor({ state: 'hidden' });
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual(['$0.00', '$400.00', '$400.00', '$0.00', `PaidPaid ${formatDate(paidOn)} · ${reference}`, 'Statement']);
    await saveScreenshot(page, 'commission-payroll');

    // The export: the month's rows as shown, the paid one with its payout.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`leasedesk-commission-${lastMonth}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(
      text.startsWith('\uFEFFBroker,Month,Opening balance,Earned,Paid,Closing balance,Status,Paid on,Payout reference\r\n'),
    ).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows.filter((cells) => cells[0] === broker.fullName)).toEqual([
      [broker.fullName, lastMonth, '0', '400', '400', '0', 'Paid', paidOn, reference],
    ]);

    // The broker's statement, from their row: the payout, the two deals.
    await page.getByRole('link', { name: `Statement of ${broker.fullName}` }).click();
    await expectPath(page, `/admin/commission/${broker.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Commission Statement' }).waitFor();
    const statementEntries = page.getByRole('table', { name: `Commission entries, ${monthLabel(lastMonth)}` });
    await expect.poll(() => statementEntries.getByRole('rowheader').allTextContents()).toEqual(['Deal closed', 'Deal closed']);
    await page
      .getByRole('region', { name: 'Totals' })
      .getByText(`Paid ${formatDate(paidOn)} · ${reference}`)
      .waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Payroll' }).click();
    await row.waitFor();
  });

  it("tells an admin a month paid meanwhile by someone else with the server's words, and shows it paid", async () => {
    const broker = await newBroker();
    await closedDeal(broker.userId, lastMonth, `Client ${uniqueLetters()}`);
    const { page } = await openApp();
    await signInAs(page, 'admin', '/admin/commission');
    const row = cellsOf(page, `Commission statements, ${monthLabel(lastMonth)}`, broker.fullName);
    await row.waitFor();
    await page.getByRole('button', { name: `Mark paid: ${broker.fullName}` }).click();
    const pay = page.getByRole('dialog', { name: `Mark paid: ${broker.fullName}` });
    await pay.getByLabel('Payout reference').fill('CHK-LATE');

    // Another admin pays the month first.
    const elsewhere = await apiFetch('/admin/commission/payouts', {
      token: adminToken,
      body: {
        brokerId: broker.userId,
        month: lastMonth,
        paidOn: `${currentMonth()}-01`,
        reference: 'CHK-FIRST',
        expectedCents: 20_000,
      },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);

    await pay.getByRole('button', { name: 'Mark Paid' }).click();
    await expectToast(page, {
      title: 'Could not mark the statement paid',
      description: COMMISSION_MESSAGES.alreadyPaid,
      variant: 'destructive',
    });
    await pay.getByRole('status').filter({ hasText: 'CHK-FIRST' }).waitFor();
    expect(await pay.getByRole('button', { name: 'Mark Paid' }).isDisabled()).toBe(true);
    await pay.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toContain('CHK-FIRST');
  });
});
