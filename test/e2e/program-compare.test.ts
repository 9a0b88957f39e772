/**
 * The desk's comparison in Chromium (docs/decisions.md, "Comparison"): three lenders have a program for the deal's
 * vehicle (imported through the API, as test/e2e/program-desk.test.ts does); a broker opens the lease deal's edit
 * form, gives the client's state and the price, sees the three programs priced side by side, adds a dealer quote,
 * sees every row sorted by total cost, and presses "Use this" on one: the desk is filled from that program, with its
 * source under each number. Three rows are then shared as a proposal's options (a fourth cannot be ticked), the
 * link is shown once, and the client opens it in a browser of their own and accepts one. A new deal cannot share yet; on a 390 px phone the comparison is read without sideways
 * scrolling.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { calculateLease } from '@shared/lease/calculate';
import type { Lender } from '@shared/programs/api';
import { monthLabel } from '@shared/programs/rows';
import type { Page } from 'playwright-core';
import type { DealProposals } from '@shared/proposals/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { expectAccessible, useWebApp } from './browser';
import { createLender, expectOk, importMonth, leaseDeal, programRow, recordDealSaves, uniqueMake } from './program-fixtures';
import { signInAs } from './session';

const openApp = useWebApp();
const MONTH = '2026-10';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

interface Lenders {
  alder: Lender;
  birch: Lender;
  cedar: Lender;
  make: string;
}

/** Three lenders' programs for one vehicle: Birch also takes deposits and one-pay. */
async function threeLenders(): Promise<Lenders> {
  const make = uniqueMake('Zc');
  const [alder, birch, cedar] = await Promise.all(
    ['Alder Bank', 'Birch Credit', 'Cedar Finance'].map((name) => createLender(principals, name)),
  );
  await Promise.all([
    importMonth(principals, alder!, MONTH, [programRow(make, '58', { buyRateMoneyFactor: '0.0012' })]),
    importMonth(principals, birch!, MONTH, [
      programRow(make, '62', {
        buyRateMoneyFactor: '0.0016',
        securityDepositReduction: '0.00007',
        securityDepositMax: '7',
        securityDepositRounding: '50',
        securityDepositFloor: '0.0006',
        onePayAllowed: 'yes',
        onePayMoneyFactor: '0.0008',
      }),
    ]),
    importMonth(principals, cedar!, MONTH, [programRow(make, '55', { buyRateMoneyFactor: '0.001' })]),
  ]);
  return { alder: alder!, birch: birch!, cedar: cedar!, make };
}

const labelOf = (lender: Lender) => `${lender.name}, ${monthLabel(MONTH)} program`;

/** The deal's edit form with the client's state and the desk's price filled in. */
async function openDesk(page: Page, dealId: string): Promise<void> {
  await signInAs(page, 'broker', `/deals/${dealId}/edit`);
  await page.getByRole('region', { name: 'Programs' }).getByLabel("Client's state").fill('CA');
  const desk = page.getByRole('region', { name: 'Desking' });
  await desk.getByLabel('MSRP').fill('40000');
  await desk.getByLabel('Selling price').fill('38000');
  await desk.getByLabel('Tax rate (%)').fill('8');
}

interface ShownRow {
  source: string;
  /** Each figure's text by its label ("Monthly payment": "$533.92"). */
  figures: Record<string, string>;
  total: string;
}

/** Each compared row's source and figures, in the order shown. */
function shownRows(page: Page): Promise<ShownRow[]> {
  return page
    .getByRole('list', { name: 'Compared offers' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const figures = Object.fromEntries(
          [...item.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
        );
        return { source: item.querySelector('h4')?.textContent ?? '', figures, total: figures['Total cost'] ?? '' };
      }),
    );
}

const rowOf = async (page: Page, source: string) => (await shownRows(page)).find((row) => row.source === source)!;

const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

describe('comparing lender programs and dealer quotes on the desk', () => {
  it('prices every program, adds a dealer quote, sorts by total cost and fills the desk from the row used', async () => {
    const { alder, birch, cedar, make } = await threeLenders();
    const deal = await leaseDeal(principals, make);
    const { page } = await openApp();
    const saves = recordDealSaves(page, deal.id);
    await openDesk(page, deal.id);

    const compare = page.getByRole('region', { name: 'Compare' });
    await expect.poll(async () => (await shownRows(page)).filter((row) => row.total !== '').length).toBe(3);

    // Cedar's row is the deal's own numbers with its residual, buy rate, acquisition fee and lease cash.
    const cedarLease = calculateLease({
      msrp: 40000,
      sellingPrice: 38000,
      residualPercent: 55,
      moneyFactor: 0.001,
      termMonths: 36,
      rebates: 1000,
      fees: [{ name: 'Acquisition fee', amount: 650, capitalized: true, taxable: false }],
      taxRatePercent: 8,
    });
    expect((await rowOf(page, labelOf(cedar))).figures).toMatchObject({
      'Monthly payment': `$${cedarLease.monthlyPayment.toFixed(2)}`,
      'Due at signing': `$${cedarLease.driveOff.toFixed(2)}`,
      'One-pay': 'Not offered',
      'Best deposits': 'Not offered',
    });
    // Birch allows one-pay and deposits: both priced on its row.
    const birchFigures = (await rowOf(page, labelOf(birch))).figures;
    expect(birchFigures['One-pay']).toMatch(/^\$[\d,]+\.\d\d \(total \$[\d,]+\.\d\d\)$/);
    expect(birchFigures['Best deposits']).toMatch(/^7: \$[\d,]+\.\d\d\/mo, total \$[\d,]+\.\d\d$/);

    // A dealer quote typed by hand: 35 x 420 + 2,500 = 17,200, below every program here.
    await compare.getByLabel('Dealership').fill('Harbor Motors');
    await compare.getByLabel('Payment a month').fill('420');
    await compare.getByLabel('Due at signing').fill('2500');
    await compare.getByLabel('Due at signing').press('Enter');
    await expect.poll(async () => (await shownRows(page)).length).toBe(4);
    await expect(page.url()).toContain(`/deals/${deal.id}/edit`);

    const shown = await shownRows(page);
    expect(shown.map((row) => row.source)).toEqual([
      'Dealer quote: Harbor Motors',
      labelOf(birch),
      labelOf(alder),
      labelOf(cedar),
    ]);
    expect(dollars(shown[0]!.total)).toBe(35 * 420 + 2500);
    expect(dollars(shown[3]!.total)).toBe(cedarLease.totalOfPayments);
    const totals = shown.map((row) => dollars(row.total));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    await expect(compare.getByRole('button', { name: /^Use this: Dealer quote/ }).count()).resolves.toBe(0);
    await expectAccessible(page);

    // "Use this" fills the desk as choosing the program on the Programs panel does.
    await compare.getByRole('button', { name: `Use this: ${labelOf(birch)}` }).click();
    const desk = page.getByRole('region', { name: 'Desking' });
    await expect.poll(() => desk.getByLabel('Residual (%)').inputValue()).toBe('62');
    await expect(desk.getByLabel('Rate', { exact: true }).inputValue()).resolves.toBe('0.0016');
    await expect(desk.getByLabel('Rebates').inputValue()).resolves.toBe('1000');
    await desk.getByText(`${labelOf(birch)}, buy rate 0.00160`, { exact: true }).waitFor();
    await expect(desk.getByText(labelOf(birch), { exact: true }).count()).resolves.toBe(3);
    const programs = page.getByRole('region', { name: 'Programs' });
    await expect(
      programs.getByRole('button', { name: `Use this program: ${labelOf(birch)}` }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await expect(compare.getByRole('button', { name: `Use this: ${labelOf(birch)}` }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );

    // Three rows for a proposal (Birch as its one-pay); a fourth cannot be ticked.
    const tickBox = (source: string) => compare.getByRole('checkbox', { name: `Add to proposal: ${source}` });
    await tickBox('Dealer quote: Harbor Motors').click();
    await tickBox(labelOf(birch)).click();
    await compare.getByRole('radio', { name: 'One-pay' }).check();
    // Enter on an offer's choice keeps it and saves nothing (counted once the proposal is shared).
    await compare.getByRole('radio', { name: 'One-pay' }).press('Enter');
    await tickBox(labelOf(cedar)).click();
    await expect(tickBox(labelOf(alder)).isDisabled()).resolves.toBe(true);
    await compare.getByText('A proposal takes at most 3 options', { exact: true }).waitFor();
    const birchOnePay = (await rowOf(page, labelOf(birch))).figures['One-pay']!;

    // Shared once, however fast the button is pressed twice; the link is shown once.
    await compare.getByRole('button', { name: 'Share 3 options' }).dblclick();
    const dialog = page.getByRole('dialog', { name: 'Proposal shared' });
    await expect
      .poll(async () => dialog.getByLabel('Proposal link (shown once: copy it now)').inputValue())
      .toMatch(/\/proposal\/\S+$/);
    await page.getByRole('region', { name: 'Notifications' }).getByText('Proposal shared', { exact: true }).waitFor();
    expect(saves.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/deals/${deal.id}/edit`);
    const { proposals } = await expectOk(
      apiFetch<DealProposals>(`/deals/${deal.id}/proposals`, { token: principals.tokenOf('broker') }),
    );
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.options.map((option) => [option.label, option.onePay])).toEqual([
      ['Dealer quote: Harbor Motors', false],
      [labelOf(birch), true],
      [labelOf(cedar), false],
    ]);
    expect(proposals[0]!.options[0]!.totalCost).toBe(35 * 420 + 2500);
    expect(`$${proposals[0]!.options[1]!.dueAtSigning.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(
      birchOnePay.replace(/ \(total .*$/, ''),
    );

    // Closing the link's dialog hands the focus back to the share's button (disabled while it sent, so the dialog
    // itself could not).
    const link = await dialog.getByLabel('Proposal link (shown once: copy it now)').inputValue();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        compare.getByRole('button', { name: 'Share 3 options' }).evaluate((button) => button === document.activeElement),
      )
      .toBe(true);

    // The client opens the link in a browser of their own, without an account, and takes the one-pay option.
    const client = await openApp();
    await client.page.goto(new URL(link).pathname);
    const onePay = client.page.getByRole('listitem', { name: `Option 2: ${labelOf(birch)}` });
    await onePay.getByRole('button', { name: 'Accept this option' }).click();
    await onePay.getByRole('button', { name: 'Yes, accept this option' }).click();
    await onePay.getByText('Accepted', { exact: true }).waitFor();
    await expect
      .poll(async () => {
        const listed = await apiFetch<DealProposals>(`/deals/${deal.id}/proposals`, { token: principals.tokenOf('broker') });
        return listed.status === 200 ? listed.body.proposals[0]!.acceptedOption : undefined;
      })
      .toBe(1);
  });

  it('offers sharing only from a saved deal: on a new deal the button says why it is disabled', async () => {
    const { page } = await openApp();
    await signInAs(page, 'broker', '/deals/new');
    const compare = page.getByRole('region', { name: 'Compare' });
    await compare.getByLabel('Dealership').fill('Harbor Motors');
    await compare.getByLabel('Payment a month').fill('420');
    await compare.getByLabel('Due at signing').fill('2500');
    // A new deal has no mileage yet to fill in.
    await compare.getByLabel('Miles a year').fill('12000');
    await compare.getByRole('button', { name: 'Add dealer quote' }).click();
    await compare.getByRole('checkbox', { name: 'Add to proposal: Dealer quote: Harbor Motors' }).click();
    const share = compare.getByRole('button', { name: 'Share 1 option' });
    await expect(share.isDisabled()).resolves.toBe(true);
    await compare.getByText('Save the deal first: a proposal is shared from a saved deal.', { exact: true }).waitFor();
  });

  it('is read on a 390 px phone without sideways scrolling: the rows are stacked cards', async () => {
    const { birch, make } = await threeLenders();
    const deal = await leaseDeal(principals, make);
    const { page } = await openApp({ viewport: { width: 390, height: 844 } });
    await openDesk(page, deal.id);
    const compare = page.getByRole('region', { name: 'Compare' });
    await expect.poll(async () => (await shownRows(page)).filter((row) => row.total !== '').length).toBe(3);
    await compare.getByRole('button', { name: `Use this: ${labelOf(birch)}` }).scrollIntoViewIfNeeded();

    const widths = await page.evaluate(() => {
      const section = document.getElementById('desk-compare-heading')!.parentElement!;
      return {
        document: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        section: [section.scrollWidth, section.clientWidth],
      };
    });
    expect(widths.document[0]).toBeLessThanOrEqual(widths.document[1]!);
    expect(widths.section[0]).toBeLessThanOrEqual(widths.section[1]!);
    // Stacked: each card starts at the same left edge, one under the other, inside the screen.
    const boxes = await compare
      .getByRole('list', { name: 'Compared offers' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().toJSON() as { x: number; y: number; right: number }),
      );
    expect(new Set(boxes.map((box) => Math.round(box.x))).size).toBe(1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
    expect(boxes.map((box) => box.y)).toEqual([...boxes.map((box) => box.y)].sort((a, b) => a - b));
  });
});
