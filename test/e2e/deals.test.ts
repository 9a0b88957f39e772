/**
 * The deals screens in Chromium (the deals list, the deal page and archived deals; docs/decisions.md, "Deals list"),
 * on the seeded local stack, axe on every page: one API call renders the list and the deal page; the
 * search, status and make filters; the tile/list choice remembered; an admin deleting a deal through the dialog;
 * the deal page's terms, cards and activity; the credit application link copy; a deal that does not exist; the
 * archive refused to a broker and listed for an admin. The deals are created through the API as the demo broker,
 * with a make and client names of their own, so a search finds only this file's deals.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '@infra/local/config';
import type { ClientView } from '@shared/clients/api';
import type { CreateDealRequest, DealDetail, DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import { apiFetch, getStack, signIn as signInApi } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';
import { screenCalls } from '@test/support/shell-calls';

const stack = getStack();
const openApp = useWebApp();
const apiOrigin = new URL(stack.urls.api).origin;
const DEALERSHIP = 'Lakeside Toyota';

/** Letters only: makes and client names allow no digits in some places. */
function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const tag = letters(6);
const MAKE = `Zq${tag}`;
const FIRST_CLIENT = `Aaron ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
const SECOND_CLIENT = `Zelda ${tag[0]!.toUpperCase()}${tag.slice(1)}`;

function demo(key: DemoUserKey) {
  return DEMO_USERS.find((user) => user.key === key)!;
}

async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

let brokerToken = '';
let dealershipId = '';
const clients: Record<'first' | 'second', ClientView> = {} as never;

function dealBody(overrides: Partial<CreateDealRequest>): CreateDealRequest {
  return {
    clientId: clients.first.id,
    dealershipId,
    year: 2026,
    make: MAKE,
    model: 'Alpha',
    trim: 'Sport',
    dealType: 'lease',
    monthlyPayment: 449.5,
    downPayment: 2999,
    termMonths: 36,
    mileageAllowance: 12000,
    moneyFactor: 0.00185,
    apr: 4.44,
    status: 'available',
    ...overrides,
  };
}

async function createDeal(overrides: Partial<CreateDealRequest>): Promise<DealView> {
  return expectOk(apiFetch<DealView>('/deals', { token: brokerToken, body: dealBody(overrides) }), 201);
}

/** The deals of this file: Alpha (available) and Beta (pending) for the first client, Gamma (active) for the second. */
const deals: Record<'alpha' | 'beta' | 'gamma', DealView> = {} as never;

beforeAll(async () => {
  brokerToken = (await signInApi(demo('broker').email, DEMO_PASSWORD)).idToken;
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token: brokerToken }));
  dealershipId = dealerships.dealerships.find((dealership) => dealership.name === DEALERSHIP)!.id;
  for (const [key, fullName] of [
    ['first', FIRST_CLIENT],
    ['second', SECOND_CLIENT],
  ] as const) {
    clients[key] = await expectOk(
      apiFetch<ClientView>('/clients', {
        token: brokerToken,
        body: { fullName, email: `${key}.${tag}@example.com`, phone: '+14155550123' },
      }),
      201,
    );
  }
  deals.alpha = await createDeal({
    model: 'Alpha',
    incentives: ['Costco', 'AAA'],
    heardAboutUs: 'Referral',
    heardAboutUsReferral: 'Pat Smith',
    creditScoreRange: '740-799',
    hasTradeIn: true,
    tradeInYear: 2019,
    tradeInMake: 'Honda',
    tradeInModel: 'Civic',
    tradeInMileage: 48000,
    tradeInCondition: 'Good',
    brokerFeeDealer: 250,
    brokerFeeClient: 300,
    notes: 'Wants black paint',
  });
  deals.beta = await createDeal({ model: 'Beta', status: 'pending', dealType: 'finance', moneyFactor: null, apr: 5.9 });
  deals.gamma = await createDeal({ model: 'Gamma', status: 'active', clientId: clients.second.id });
});

/** Records the API calls the page makes (preflights aside) until `stop()`. */
function recordApiCalls(page: Page): { calls: string[]; stop: () => void } {
  const calls: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === apiOrigin && request.method() !== 'OPTIONS') calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', record);
  return { calls, stop: () => page.off('request', record) };
}

/** Waits until the list shows the answer to its latest request (the previous one stays on screen, busy, meanwhile). */
async function listSettled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
}

/** Types a search (the list asks the API once the typing pauses) and waits for its answer on screen. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/deals' && (url.searchParams.get('q') ?? '') === text.trim();
  });
  await page.getByRole('searchbox', { name: 'Search deals' }).fill(text);
  await answered;
  await listSettled(page);
}

/** Chooses an option of one of the list's filters (Radix select) and waits for the list to settle. */
async function chooseFilter(page: Page, filter: 'Status' | 'Make', option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: filter });
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The trigger shows the choice beside its chevron.
  await expect.poll(async () => (await select.textContent())?.replace('▾', '').trim()).toBe(option);
  await listSettled(page);
}

/** The names on the cards, sorted, once the list shows `expected` (it answers asynchronously). */
async function expectCards(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(async () => (await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents()).sort(), {
      timeout: 10_000,
    })
    .toEqual([...expected].sort());
}

/** The value shown beside a label in a card of the deal page. */
function fact(page: Page, card: string, label: string) {
  return page
    .getByRole('region', { name: card })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

describe('/deals', () => {
  it('renders with one API call: groups by client with their counts, and the filters', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker');
    const recorder = recordApiCalls(page);

    await page.goto('/deals');
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    recorder.stop();

    // A fresh load also asks who is signed in (GET /me, the guard's); the screen itself is one call.
    expect(screenCalls(recorder.calls)).toEqual(['GET /deals']);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Deals · LeaseDesk');
    await expect(page.getByRole('searchbox', { name: 'Search deals' }).getAttribute('placeholder')).resolves.toBe(
      'Search by make, model, or client name...',
    );
    await page
      .getByRole('heading', { level: 2, name: /\d+ Deals?$/ })
      .first()
      .waitFor();
    // Brokers delete nothing.
    await expect(page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back' }).click();
    await expectPath(page, '/');
    await context.close();
  });

  it('searches by make and client name, and filters by status and make', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals');
    await page.getByRole('article').first().waitFor();

    await search(page, MAKE);
    // Two groups, alphabetical, each with its count.
    await expect(page.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual([
      `${FIRST_CLIENT} 2 Deals`,
      `${SECOND_CLIENT} 1 Deal`,
    ]);
    await expectCards(page, [`2026 ${MAKE} Alpha`, `2026 ${MAKE} Beta`, `2026 ${MAKE} Gamma`]);
    const alpha = page.getByRole('article').filter({ hasText: `${MAKE} Alpha` });
    await alpha.getByText('Available', { exact: true }).waitFor();
    await alpha.getByText('Sport', { exact: true }).waitFor();
    await alpha.getByText('$450').waitFor(); // $449.50 a month, whole dollars on lists
    await alpha.getByText('$2,999').waitFor();
    await alpha.getByText('36 months').waitFor();
    await alpha.getByText('12,000 mi/yr').waitFor();
    await alpha.getByText('4.44%').waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'deals-tiles');

    await chooseFilter(page, 'Status', 'Pending');
    await expectCards(page, [`2026 ${MAKE} Beta`]);
    await page.getByRole('article').getByText('Pending', { exact: true }).waitFor();
    await chooseFilter(page, 'Status', 'Closed');
    await page.getByText('No deals found').waitFor();
    await page.getByText('Try adjusting your search or filters').waitFor();
    await chooseFilter(page, 'Status', 'All Status');

    // The client's name finds their deals; the make filter narrows to one make.
    await search(page, SECOND_CLIENT);
    await expectCards(page, [`2026 ${MAKE} Gamma`]);
    await search(page, '');
    await chooseFilter(page, 'Make', MAKE);
    await expectCards(page, [`2026 ${MAKE} Alpha`, `2026 ${MAKE} Beta`, `2026 ${MAKE} Gamma`]);
    await expectAccessible(page);

    await alpha.click();
    await expectPath(page, `/deals/${deals.alpha.id}`);
    await context.close();
  });

  it('remembers the list view over a reload', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals');
    await search(page, MAKE);
    await page.getByRole('button', { name: 'Tiles', pressed: true }).waitFor();

    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('button', { name: 'List', pressed: true }).waitFor();
    const table = page.getByRole('table', { name: `${FIRST_CLIENT} 2 Deals` });
    await table.getByRole('link', { name: `2026 ${MAKE} Alpha` }).waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);
    await expectAccessible(page);
    await saveScreenshot(page, 'deals-list-view');

    await page.reload();
    await page.getByRole('button', { name: 'List', pressed: true }).waitFor();
    await page.getByRole('table').first().waitFor();

    await page.getByRole('button', { name: 'Tiles' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Tiles', pressed: true }).waitFor();
    await page.getByRole('article').first().waitFor();
    await context.close();
  });

  it('lets an admin delete a deal after the confirmation', async () => {
    const doomed = await createDeal({ model: 'Doomed', clientId: clients.second.id });
    const { context, page } = await openApp();
    await signInAs(page, 'admin', '/deals');
    await search(page, MAKE);
    const name = `2026 ${MAKE} Doomed`;
    await page.getByRole('heading', { level: 2, name: `${SECOND_CLIENT} 2 Deals` }).waitFor();

    // Cancel keeps it.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Deal' });
    await dialog.getByText('Are you sure you want to delete this deal? This action cannot be undone.').waitFor();
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.isVisible()).resolves.toBe(false);

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, { title: 'Deal deleted', description: `${name} was deleted.`, variant: 'success' });
    await page.getByRole('heading', { level: 2, name: `${SECOND_CLIENT} 1 Deal` }).waitFor();
    await expect(page.getByRole('link', { name }).count()).resolves.toBe(0);
    await expect(apiFetch(`/deals/${doomed.id}`, { token: brokerToken }).then((r) => r.status)).resolves.toBe(404);
    await context.close();
  });
});

describe('/deals/{id}', () => {
  it('shows the deal in one API call: vehicle, terms, side cards and the activity, newest first', async () => {
    // A change by the broker, so the activity has an update above the creation.
    const { deal: loaded } = await expectOk(apiFetch<DealDetail>(`/deals/${deals.alpha.id}`, { token: brokerToken }));
    const update = dealBody({
      model: 'Alpha',
      incentives: ['Costco', 'AAA'],
      heardAboutUs: 'Referral',
      heardAboutUsReferral: 'Pat Smith',
      creditScoreRange: '740-799',
      hasTradeIn: true,
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Civic',
      tradeInMileage: 48000,
      tradeInCondition: 'Good',
      brokerFeeDealer: 250,
      brokerFeeClient: 300,
      notes: 'Wants black paint',
    });
    await expectOk(
      apiFetch(`/deals/${deals.alpha.id}`, {
        token: brokerToken,
        method: 'PATCH',
        body: { ...update, status: 'pending', revision: loaded.revision },
      }),
    );

    const { context, page } = await openApp();
    await signInAs(page, 'broker');
    const recorder = recordApiCalls(page);
    await page.goto(`/deals/${deals.alpha.id}`);
    await page.getByRole('heading', { level: 1, name: `2026 ${MAKE} Alpha` }).waitFor();
    await page.waitForLoadState('networkidle');
    recorder.stop();
    expect(screenCalls(recorder.calls)).toEqual([`GET /deals/${deals.alpha.id}`]);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`2026 ${MAKE} Alpha · LeaseDesk`);

    await page.getByRole('img', { name: 'No photo available' }).waitFor();
    await expect(fact(page, 'Vehicle', 'Trim').textContent()).resolves.toBe('Sport');
    await expect(fact(page, 'Deal Terms', 'Deal type').textContent()).resolves.toBe('Lease');
    await expect(fact(page, 'Deal Terms', 'Monthly payment').textContent()).resolves.toBe('$449.50');
    await expect(fact(page, 'Deal Terms', 'Down payment').textContent()).resolves.toBe('$2,999.00');
    await expect(fact(page, 'Deal Terms', 'Term').textContent()).resolves.toBe('36 months');
    await expect(fact(page, 'Deal Terms', 'Mileage allowance').textContent()).resolves.toBe('12,000 mi/yr');
    await expect(fact(page, 'Deal Terms', 'Money factor').textContent()).resolves.toBe('0.00185');
    await expect(fact(page, 'Deal Terms', 'APR').textContent()).resolves.toBe('4.44%');
    await page.getByRole('region', { name: 'Incentives' }).getByText('Costco').waitFor();
    await expect(fact(page, 'Trade-In', 'Vehicle').textContent()).resolves.toBe('2019 Honda Civic');
    await expect(fact(page, 'Trade-In', 'Condition').textContent()).resolves.toBe('Good');
    await page.getByRole('region', { name: 'Additional Notes' }).getByText('Wants black paint').waitFor();
    await expect(fact(page, 'Client', 'Name').textContent()).resolves.toBe(FIRST_CLIENT);
    await expect(fact(page, 'Client', 'Credit score').textContent()).resolves.toBe('740-799');
    await expect(fact(page, 'Lead Source', 'Referred by').textContent()).resolves.toBe('Pat Smith');
    await expect(fact(page, 'Broker', 'Name').textContent()).resolves.toBe(demo('broker').fullName);
    await expect(fact(page, 'Broker', 'Dealer fee').textContent()).resolves.toBe('$250');
    await expect(fact(page, 'Broker', 'Client fee').textContent()).resolves.toBe('$300');
    await expect(fact(page, 'Broker', 'Total').textContent()).resolves.toBe('$550');
    await expect(fact(page, 'Dealership', 'Name').textContent()).resolves.toBe(DEALERSHIP);
    await expect(fact(page, 'Deal Information', 'Deal ID').textContent()).resolves.toBe(deals.alpha.id);
    await expect(fact(page, 'Deal Information', 'Concierge fee').textContent()).resolves.toBe('$0');
    await page.getByRole('region', { name: 'Credit Application' }).waitFor();

    // Newest first: the broker's status change, then the creation.
    const entries = page
      .getByRole('region', { name: 'Activity' })
      .getByRole('listitem')
      .filter({ has: page.locator('time') });
    await expect(entries.first().textContent()).resolves.toContain(`${demo('broker').fullName} updated the deal`);
    await expect(entries.first().textContent()).resolves.toContain('Status: Available → Pending');
    await expect(entries.last().textContent()).resolves.toContain(`${demo('broker').fullName} created the deal`);
    await expectAccessible(page);
    await saveScreenshot(page, 'deal-detail');

    await page.getByRole('link', { name: 'Edit Deal' }).click();
    await expectPath(page, `/deals/${deals.alpha.id}/edit`);
    await context.close();
  });

  it('hides the money factor on a finance deal', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', `/deals/${deals.beta.id}`);
    await page.getByRole('heading', { level: 1, name: `2026 ${MAKE} Beta` }).waitFor();
    await expect(fact(page, 'Deal Terms', 'Deal type').textContent()).resolves.toBe('Finance');
    await expect(fact(page, 'Deal Terms', 'APR').textContent()).resolves.toBe('5.90%');
    await expect(page.getByRole('region', { name: 'Deal Terms' }).getByText('Money factor').count()).resolves.toBe(0);
    await context.close();
  });

  it('copies the credit application link, created on first use, and says "Link Copied" for 3 seconds', async () => {
    const { context, page } = await openApp();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.urls.web });
    await signInAs(page, 'broker', `/deals/${deals.gamma.id}`);
    const card = page.getByRole('region', { name: 'Credit Application' });
    await card.waitFor();
    await expect(card.getByRole('textbox').count()).resolves.toBe(0);

    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/credit-application-link'),
    );
    await card.getByRole('button', { name: 'Copy Form Link' }).click();
    await created;
    await expectToast(page, {
      title: 'Link Copied',
      description: 'Credit application form link copied to clipboard',
      variant: 'success',
    });
    await card.getByRole('button', { name: 'Link Copied' }).waitFor();
    const link = await card.getByRole('textbox', { name: 'Credit application link' }).inputValue();
    expect(link).toMatch(/\/credit-application\/[A-Za-z0-9_-]{22,}$/);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    await expectAccessible(page);

    // Back to the copy action after 3 seconds; copying again reuses the link.
    await card.getByRole('button', { name: 'Copy Form Link' }).waitFor({ timeout: 5000 });
    const recorder = recordApiCalls(page);
    await card.getByRole('button', { name: 'Copy Form Link' }).click();
    await card.getByRole('button', { name: 'Link Copied' }).waitFor();
    recorder.stop();
    expect(screenCalls(recorder.calls)).toEqual([]);
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Credit Application' })
        .getByRole('textbox', { name: 'Credit application link' })
        .inputValue(),
    ).resolves.toBe(link);
    await context.close();
  });

  it('shows "Deal not found" with a way back for a deal that does not exist', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals/01JNOSUCHDEAL0000000000000');
    await page.getByRole('heading', { level: 1, name: 'Deal not found' }).waitFor();
    await expectToast(page, {
      title: 'Deal not found',
      description: 'It was deleted, or it is not yours to see.',
      variant: 'destructive',
    });
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Deals' }).click();
    await expectPath(page, '/deals');
    await context.close();
  });
});

describe('/archived-deals', () => {
  it('sends a broker to / with "Access denied"', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker');
    const recorder = recordApiCalls(page);
    await page.goto('/archived-deals');
    await expectToast(page, {
      title: 'Access denied',
      description: 'Only admins can view archived deals',
      variant: 'destructive',
    });
    await expectPath(page, '/');
    recorder.stop();
    expect(recorder.calls).not.toContain('GET /archived-deals');
    await context.close();
  });

  it('lists expired deals for an admin, newest expiration first, each opening its deal', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'admin');
    const recorder = recordApiCalls(page);
    await page.goto('/archived-deals');
    await page.getByRole('heading', { level: 1, name: 'Archived Deals' }).waitFor();
    const rows = page.getByRole('table', { name: 'Archived deals' }).locator('tbody tr');
    await rows.first().waitFor();
    await page.waitForLoadState('networkidle');
    recorder.stop();
    expect(screenCalls(recorder.calls)).toEqual(['GET /archived-deals']);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Archived Deals · LeaseDesk');

    // The seed has expired deals; the Expired column (MM/dd/yyyy) runs from the latest down.
    const expired = await rows.locator('td:nth-of-type(3)').allTextContents();
    const asIso = expired.map((date) => date.replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$1-$2'));
    expect(asIso.length).toBeGreaterThan(1);
    expect(asIso).toEqual([...asIso].sort().reverse());
    // Client deals name their client (the seed's expired deals include some), marketplace vehicles have none.
    const clientNames = await rows.locator('td:nth-of-type(2)').allTextContents();
    expect(clientNames.some((name) => name !== '—')).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, 'archived-deals');

    const first = rows.first().getByRole('link');
    const name = await first.textContent();
    await first.click();
    await page.getByRole('heading', { level: 1, name: name! }).waitFor();
    await page.getByText('Expired', { exact: true }).first().waitFor();
    await context.close();
  });
});
