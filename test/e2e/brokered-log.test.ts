/**
 * The brokered-vehicle log in Chromium (docs/decisions.md, "Brokered-vehicle log"): an admin opens it, is told when a range has no vehicles and when the range is wrong (focus on the field), filters by a range
 * of closing days (a vehicle closed the day after is not shown) and downloads the range's CSV, whose formula-like
 * client name is written as text.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { addDays } from '@shared/calendar';
import { BROKERED_VEHICLE_MESSAGES } from '@shared/brokers/brokered-vehicles';
import { formatDate } from '@shared/format';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { expectAccessible, expectPath, isFocused, useWebApp } from './browser';
import { signInAs } from './session';
import { uniqueLetters } from './unique';

const openApp = useWebApp();
let principals: Principals;

/** A random day between 1990 and 2019: no other browser test closes deals then. */
const pastDay = () => addDays('1990-01-02', Math.floor(Math.random() * 30 * 365));

async function closedOn(closedAt: string, clientName: string) {
  const { deal } = await createData().deals.create(
    {
      clientName,
      dealershipId: principals.records.dealership,
      brokerId: principals.of.broker.userId,
      listing: false,
      year: 2019,
      make: 'Mazda',
      model: 'CX-5',
      vin: `JM3KFBCM${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      dealType: 'lease',
      status: 'closed',
      monthlyPayment: 329,
      downPayment: 1500,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic',
      brokerFeeDealer: 600,
      brokerFeeClient: 149.5,
      dealClosedAt: closedAt,
    },
    new Date(),
  );
  return deal;
}

beforeAll(async () => {
  principals = await loadPrincipals();
});

describe('the brokered-vehicle log', () => {
  it('an admin filters the log by closing days and exports the range as CSV', async () => {
    const day = pastDay();
    const name = uniqueLetters();
    const inRange = await closedOn(`${day}T15:30:00.000Z`, `=HYPERLINK("http://evil.example","${name}")`);
    const after = await closedOn(`${addDays(day, 1)}T09:00:00.000Z`, `After ${name}`);

    const { page } = await openApp();
    await signInAs(page, 'admin');
    // Reached from payroll, beside the commission the closed deals earned.
    await page.goto('/admin/commission');
    await page.getByRole('link', { name: 'Brokered Vehicles' }).click();
    await expectPath(page, '/admin/brokered-vehicles');
    await page.getByRole('heading', { level: 1, name: 'Brokered Vehicles' }).waitFor();
    expect(await page.title()).toBe('Brokered Vehicles · LeaseDesk');

    // A range with no vehicle: the empty state.
    const from = page.getByLabel('Closed from');
    const to = page.getByLabel('Closed to');
    await from.fill('1985-06-01');
    await to.fill('1985-06-02');
    await page.getByRole('button', { name: 'Show vehicles' }).click();
    await page.getByText(BROKERED_VEHICLE_MESSAGES.empty).waitFor();

    // An end before the start: told under the field, focus on it, nothing read.
    await from.fill(day);
    await to.fill(addDays(day, -1));
    await page.getByRole('button', { name: 'Show vehicles' }).click();
    await page.getByText(BROKERED_VEHICLE_MESSAGES.toBeforeFrom).waitFor();
    await expect.poll(() => isFocused(to)).toBe(true);

    await to.fill(day);
    await page.getByRole('button', { name: 'Show vehicles' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?from=${day}&to=${day}`);
    const table = page.getByRole('table', { name: `Brokered vehicles closed from ${formatDate(day)} to ${formatDate(day)}` });
    const row = table.getByRole('row').filter({ hasText: inRange.vin! });
    await row.waitFor();
    for (const cell of [formatDate(day), inRange.clientName!, 'Blake Rivera', '$749.50', '2019 Mazda CX-5']) {
      await row.getByText(cell, { exact: true }).waitFor();
    }
    expect(await table.getByRole('row').filter({ hasText: after.vin! }).count()).toBe(0);
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`leasedesk-brokered-vehicles-${day}-to-${day}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFClosed on,Client,VIN,Vehicle,Dealership,Fee,Broker,Deal id\r\n')).toBe(true);
    expect(text).toContain(`${day},"'=HYPERLINK(""http://evil.example"",""${name}"")",${inRange.vin},2019 Mazda CX-5,`);
    expect(text).toContain(`,749.50,Blake Rivera,${inRange.id}\r\n`);
    expect(text).not.toContain(after.id);
  });
});
