/**
 * A lease desked from a lender program in Chromium (docs/decisions.md, "Programs"): an admin's lender has a month's
 * program (imported through the API, as test/e2e/programs.test.ts does); a broker opens a lease deal's edit form,
 * gives the client's state, chooses the matching program from the desk's Programs panel with the keyboard, sees each
 * number's source ("<lender>, <month> program"), adds a markup to the buy rate and ticks an incentive, types over the
 * money factor (marked "override"), uses the terms and saves; Enter in the panel's fields (the state, the markup)
 * saves nothing. A newer month is then imported: the deal page says what it would make the payment, while the deal's
 * saved payment and numbers stay as they were. Reopened, the desk lets the broker untick the incentive and saves that.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealDetail } from '@shared/deals/api';
import { calculateLease } from '@shared/lease/calculate';
import { monthLabel } from '@shared/programs/rows';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { expectAccessible, expectPath, useWebApp } from './browser';
import { createLender, expectOk, importMonth, leaseDeal, programRow, recordDealSaves, uniqueMake } from './program-fixtures';
import { signInAs } from './session';

const openApp = useWebApp();

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

describe('desking from a lender program', () => {
  it('fills the desk from a program with its sources, marks an override, and notes a newer program without changing the deal', async () => {
    const lender = await createLender(principals, 'Desk Lender');
    const make = uniqueMake('Zp');
    await importMonth(principals, lender, '2026-10', [programRow(make, '60')]);
    const label = `${lender.name}, ${monthLabel('2026-10')} program`;
    const deal = await leaseDeal(principals, make);

    const { page } = await openApp();
    await signInAs(page, 'broker');
    const saves = recordDealSaves(page, deal.id);
    await page.goto(`/deals/${deal.id}/edit`);
    const programs = page.getByRole('region', { name: 'Programs' });
    await programs.getByText("Give the vehicle (year, make, model), the term, the mileage and the client's state").waitFor();
    await programs.getByLabel("Client's state").fill('ca');
    const use = programs.getByRole('button', { name: `Use this program: ${label}` });
    await use.waitFor();
    // Enter in the state asks the programs again; it never saves the deal (counted at the save below).
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/programs/match');
    await programs.getByLabel("Client's state").press('Enter');
    await asked;

    // Chosen with the keyboard: the program's button takes the focus and Enter.
    await use.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => use.getAttribute('aria-pressed')).toBe('true');
    const desk = page.getByRole('region', { name: 'Desking' });
    await expect(desk.getByLabel('Residual (%)').inputValue()).resolves.toBe('60');
    await expect(desk.getByLabel('Rate', { exact: true }).inputValue()).resolves.toBe('0.0012');
    await expect(desk.getByLabel('Acquisition fee', { exact: true }).inputValue()).resolves.toBe('650');
    await expect(desk.getByLabel('Rebates').inputValue()).resolves.toBe('1000');
    await expect(desk.getByText(label, { exact: true }).count()).resolves.toBe(3);
    await desk.getByText(`${label}, buy rate 0.00120`, { exact: true }).waitFor();

    // A markup over the buy rate, and the loyalty the client qualifies for.
    await programs.getByLabel('Markup').fill('0.0002');
    await desk.getByText(`${label}, buy rate 0.00120 + markup 0.00020`, { exact: true }).waitFor();
    await expect(desk.getByLabel('Rate', { exact: true }).inputValue()).resolves.toBe('0.0014');
    await programs.getByRole('checkbox', { name: 'Loyalty' }).click();
    await expect.poll(() => desk.getByLabel('Rebates').inputValue()).toBe('1500');
    await programs.getByLabel('Markup').fill('0.0005');
    await programs.getByText('Markup can be at most 0.00040 on this program').waitFor();
    await programs.getByLabel('Markup').fill('0.0002');
    await programs.getByLabel('Markup').press('Enter');

    await desk.getByLabel('MSRP').fill('40000');
    await desk.getByLabel('Selling price').fill('38000');
    await desk.getByLabel('Tax rate (%)').fill('8');
    // The broker types over the program's money factor: marked "override".
    await desk.getByLabel('Rate', { exact: true }).fill('0.0015');
    await desk.getByText(`override (${label}: 0.00140)`).waitFor();
    await expectAccessible(page);

    await desk.getByRole('button', { name: 'Use these terms' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectPath(page, `/deals/${deal.id}`);
    expect(saves.count()).toBe(1);
    const card = page.getByRole('region', { name: 'Lender Program' });
    await card.getByText(label).waitFor();
    await card.getByText('money factor', { exact: true }).waitFor();

    const saved = (await expectOk(apiFetch<DealDetail>(`/deals/${deal.id}`, { token: principals.tokenOf('broker') }))).deal;
    const desked = {
      msrp: 40000,
      sellingPrice: 38000,
      residualPercent: 60,
      moneyFactor: 0.0015,
      termMonths: 36,
      rebates: 1500,
      fees: [{ name: 'Acquisition fee', amount: 650, capitalized: true, taxable: false }],
      taxRatePercent: 8,
    };
    expect(saved.monthlyPayment).toBe(calculateLease(desked).monthlyPayment);
    expect(saved.program).toMatchObject({
      month: '2026-10',
      markup: 0.0002,
      incentiveKinds: ['loyalty'],
      overridden: ['moneyFactor'],
    });

    // A newer month: the deal page says what it would make the payment; the saved deal is as it was.
    await importMonth(principals, lender, '2026-11', [programRow(make, '55')]);
    await page.reload();
    const newer = calculateLease({ ...desked, residualPercent: 55 }).monthlyPayment;
    await page
      .getByText(
        `A newer program (${lender.name}, ${monthLabel('2026-11')}) would make the payment $${newer.toFixed(2)} instead of $${saved.monthlyPayment.toFixed(2)}.`,
      )
      .waitFor();
    await expectAccessible(page);
    const after = (await expectOk(apiFetch<DealDetail>(`/deals/${deal.id}`, { token: principals.tokenOf('broker') }))).deal;
    expect(after).toMatchObject({ monthlyPayment: saved.monthlyPayment, desking: saved.desking, program: saved.program });

    // Reopened: the program's incentives with the saved tick; unticking re-prices the rebates and is saved.
    await page.goto(`/deals/${deal.id}/edit`);
    const loyalty = programs.getByRole('checkbox', { name: 'Loyalty' });
    await expect.poll(() => loyalty.getAttribute('aria-checked')).toBe('true');
    await expect(desk.getByLabel('Rebates').inputValue()).resolves.toBe('1500');
    await loyalty.click();
    await expect.poll(() => desk.getByLabel('Rebates').inputValue()).toBe('1000');
    // Still the program's (not an override): residual, acquisition fee and rebates.
    await expect(desk.getByText(label, { exact: true }).count()).resolves.toBe(3);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectPath(page, `/deals/${deal.id}`);
    const unticked = (await expectOk(apiFetch<DealDetail>(`/deals/${deal.id}`, { token: principals.tokenOf('broker') }))).deal;
    expect(unticked.program).toMatchObject({ month: '2026-10', markup: 0.0002, incentiveKinds: [], overridden: ['moneyFactor'] });
    expect(unticked.desking).toMatchObject({ rebates: 1000, moneyFactor: 0.0015 });
  });

  it('says so when no program matches the vehicle, term and mileage', async () => {
    const deal = await leaseDeal(principals, uniqueMake('Zn'));
    const { page } = await openApp();
    await signInAs(page, 'broker', `/deals/${deal.id}/edit`);
    const programs = page.getByRole('region', { name: 'Programs' });
    await programs.getByLabel("Client's state").fill('NY');
    await programs.getByText('No program matches this vehicle, term and mileage in this state today.').waitFor();
  });
});
