/**
 * The desking panel on the deal form in Chromium (docs/data-model.md, "Desking"), on the seeded local stack: a broker
 * opens a lease deal's edit form, desks the lease (MSRP, selling price, residual, tax), picks the 36-month / $1,000
 * cell of the grid, uses these terms (the monthly payment, down and term filled with the computed values), sees the
 * difference note when the payment is typed over, saves, and reopens the form with the desking inputs kept; Enter in a
 * grid's axis saves nothing. The deal is created through the API as the demo broker.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import { calculateLease } from '@shared/lease/calculate';
import { parseNumberInput } from '@web/components/ui/form-rules';
import { apiFetch, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, useWebApp } from './browser';
import { recordDealSaves } from './program-fixtures';
import { signInAs } from './session';

const openApp = useWebApp();

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

let made = 0;

async function leaseDeal(): Promise<DealView> {
  made += 1;
  const who = `${tag}${'abcdefghij'[made]}`;
  const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
  const token = (await signInApi(broker.email, DEMO_PASSWORD)).idToken;
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token }));
  const client = await expectOk(
    apiFetch<ClientView>('/clients', { token, body: { fullName: `Desk ${who}`, email: `desk.${who}@example.com` } }),
    201,
  );
  return expectOk(
    apiFetch<DealView>('/deals', {
      token,
      body: {
        clientId: client.id,
        dealershipId: dealerships.dealerships[0]!.id,
        year: 2026,
        make: `Zd${tag}`,
        model: 'Desk',
        dealType: 'lease',
        monthlyPayment: 449.5,
        downPayment: 2999,
        termMonths: 36,
        mileageAllowance: 12000,
        moneyFactor: 0.00185,
        apr: 4.44,
        status: 'available',
      },
    }),
    201,
  );
}

describe('desking', () => {
  it('desks a lease from the grid and uses its terms on the deal form', async () => {
    const deal = await leaseDeal();
    const { page } = await openApp();
    await signInAs(page, 'broker');
    const saves = recordDealSaves(page, deal.id);
    await page.goto(`/deals/${deal.id}/edit`);
    const panel = page.getByRole('region', { name: 'Desking' });
    await panel.waitFor();
    // Prefilled from the deal: the term, the money factor and the down.
    await expect(panel.getByLabel('Term in months').inputValue()).resolves.toBe('36');
    await expect(panel.getByLabel('Rate', { exact: true }).inputValue()).resolves.toBe('0.00185');
    await expect(panel.getByLabel('Cash down', { exact: true }).inputValue()).resolves.toBe('2999');
    // A blank input says "required" only once it was left (the panel does not open on a wall of messages).
    await panel.getByText('Fill in the inputs to see the lease.').waitFor();
    await expect(panel.getByText('MSRP is required').count()).resolves.toBe(0);
    await panel.getByLabel('MSRP').focus();
    await panel.getByLabel('MSRP').blur();
    await panel.getByText('MSRP is required').waitFor();
    await panel.getByText('Fix the highlighted inputs to see the lease.').waitFor();
    await expect(panel.getByText('Selling price is required').count()).resolves.toBe(0);

    await panel.getByLabel('MSRP').fill('40,000');
    await panel.getByLabel('Selling price').fill('38000');
    await panel.getByLabel('Residual (%)').fill('58');
    await panel.getByLabel('Tax rate (%)').fill('7');
    const lease = { msrp: 40000, sellingPrice: 38000, residualPercent: 58, moneyFactor: 0.00185, taxRatePercent: 7 };
    const quote = calculateLease({ ...lease, termMonths: 36, cashDown: 1000 });
    const cell = panel.getByRole('button', { name: /^36 months, \$1,000\.00 down/ });
    await expect(cell.textContent()).resolves.toBe(`$${quote.monthlyPayment.toFixed(2)}`);
    // Enter in an axis applies it as typed and saves nothing (counted at the save below).
    await panel.getByLabel('Term row 1 (months)').press('Enter');
    await cell.click();
    await expect(panel.getByLabel('Cash down', { exact: true }).inputValue()).resolves.toBe('1000');
    await expect(panel.getByRole('definition').nth(8).textContent()).resolves.toBe(`$${quote.monthlyPayment.toFixed(2)}`);
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'Use these terms' }).click();
    const form = page.getByRole('form', { name: 'Edit deal' });
    await expect
      .poll(async () => parseNumberInput(await form.getByLabel('Monthly payment').inputValue()))
      .toBe(quote.monthlyPayment);
    await expect(parseNumberInput(await form.getByLabel('Down payment').inputValue())).toBe(1000);
    await expect(form.getByLabel('Money factor').inputValue()).resolves.toBe('0.00185');
    await expect(page.getByText(/Differs from the computed payment/).count()).resolves.toBe(0);

    // A typed payment stays possible; more than $1 off, the form says by how much.
    await form.getByLabel('Monthly payment').fill(String(quote.monthlyPayment + 5));
    await page.getByText('Differs from the computed payment by $5.00').waitFor();
    await form.getByLabel('Monthly payment').fill(String(quote.monthlyPayment));

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectPath(page, `/deals/${deal.id}`);
    expect(saves.count()).toBe(1);

    // Reopened, the panel holds what was desked (saved with the deal).
    await page.goto(`/deals/${deal.id}/edit`);
    const reopened = page.getByRole('region', { name: 'Desking' });
    await reopened.waitFor();
    await expect(reopened.getByLabel('MSRP').inputValue()).resolves.toBe('40000');
    await expect(reopened.getByLabel('Residual (%)').inputValue()).resolves.toBe('58');
    await expect(reopened.getByLabel('Tax rate (%)').inputValue()).resolves.toBe('7');
    await expect(reopened.getByLabel('Cash down', { exact: true }).inputValue()).resolves.toBe('1000');
    await expect(reopened.getByRole('definition').nth(8).textContent()).resolves.toBe(`$${quote.monthlyPayment.toFixed(2)}`);
  });

  it('estimates a payment on a marketplace vehicle from its offer, the MSRP read-only', async () => {
    const broker = DEMO_USERS.find((user) => user.key === 'broker')!;
    const token = (await signInApi(broker.email, DEMO_PASSWORD)).idToken;
    const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token }));
    const vehicle = await expectOk(
      apiFetch<{ id: string }>('/marketplace/vehicles', {
        token,
        body: {
          stockNumber: `DESK${tag.toUpperCase()}`,
          year: 2026,
          make: `Zm${tag}`,
          model: 'Estimate',
          msrp: 40000,
          downPayment: 1000,
          monthlyPayment: 500,
          termMonths: 36,
          // Within the 2 years a new vehicle may run (validated against the request's day).
          expirationDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
          dealershipId: dealerships.dealerships[0]!.id,
        },
      }),
      201,
    );
    const { page } = await openApp();
    await signInAs(page, 'broker', `/marketplace/${vehicle.id}`);
    await page.getByRole('button', { name: 'Estimate payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Estimate payment' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('MSRP').inputValue()).resolves.toBe('40000');
    await expect(dialog.getByLabel('MSRP').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(dialog.getByLabel('Cash down', { exact: true }).inputValue()).resolves.toBe('1000');
    // The offer's APR (0 for this one) is the rate, read-only like the MSRP.
    await expect(dialog.getByLabel('Rate', { exact: true }).getAttribute('readonly')).resolves.not.toBeNull();
    await dialog.getByLabel('Residual (%)').fill('58');
    await dialog.getByLabel('Tax rate (%)').fill('7');
    const quote = calculateLease({
      msrp: 40000,
      sellingPrice: 40000,
      residualPercent: 58,
      apr: Number(await dialog.getByLabel('Rate', { exact: true }).inputValue()),
      termMonths: 36,
      cashDown: 1000,
      taxRatePercent: 7,
    });
    await expect(dialog.getByRole('definition').nth(8).textContent()).resolves.toBe(`$${quote.monthlyPayment.toFixed(2)}`);
    await expect(dialog.getByRole('button', { name: 'Use these terms' }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });
});

describe('desking on a phone', () => {
  it('shows the 3x3 grid whole at 390 px: nothing overflows or is cut', async () => {
    const deal = await leaseDeal();
    const { page } = await openApp({ viewport: { width: 390, height: 844 } });
    await signInAs(page, 'broker', `/deals/${deal.id}/edit`);
    const panel = page.getByRole('region', { name: 'Desking' });
    await panel.getByLabel('MSRP').fill('40000');
    await panel.getByLabel('Selling price').fill('38000');
    await panel.getByLabel('Residual (%)').fill('58');
    await panel.getByLabel('Tax rate (%)').fill('7');
    const grid = panel.getByRole('table', { name: 'Payment grid' });
    await grid.getByRole('button', { name: /^36 months, \$1,000\.00 down/ }).waitFor();

    // Nothing scrolls sideways, neither the page nor the grid's own box.
    const widths = await grid.evaluate((table) => ({
      page: document.documentElement.scrollWidth,
      wrap: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.wrap).toBeLessThanOrEqual(0);
    // Every payment and axis input lies inside the window, its text not cut.
    const controls = [...(await grid.getByRole('button').all()), ...(await grid.getByRole('textbox').all())];
    expect(controls).toHaveLength(9 + 6);
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const cut = await control.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, `${await control.getAttribute('aria-label')} shows its whole text`).toBe(false);
    }
  });
});
