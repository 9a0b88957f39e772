/**
 * Stored hostile content in Chromium (docs/security.md, "Stored content in the browser (XSS, output encoding)"): script
 * and markup payloads are stored through the real API in every free-text field a user can fill, then every page that
 * shows them is opened as the roles that see them. On each page the payload must be on screen as text (so it was
 * stored, and escaped), and nothing may have tried to run: `window.__xss` unset, no dialog, no element with an inline
 * event handler, no `a[href]` other than http(s), mailto: or tel: (relative links resolve to http), no CSP violation
 * and no console or page error about one. The production CSP would block an injected handler anyway: the point is that
 * nothing is ever injected.
 *
 * The records are this file's own (a random tag in every name): a hostile broker who signs up through Cognito and
 * is approved by the admin (whose licence number is hostile too), a client, a dealership with a dealer login, two
 * deals (one of the broker's, not sold with a trade-in; one of the demo consumer's, closed, with a referral), a
 * marketplace vehicle, a lead from the public quote request and three academy items (article, video, test). Fields
 * whose rules refuse such text (person names, makes and models, categories, e-mails, enums) are checked to answer
 * 400, and every URL field to refuse `javascript:`, `data:` and other non-http schemes. afterAll deletes what the API
 * lets an admin delete and puts the broker back to pending; the lead and the broker's account stay.
 *
 * The right-to-left override and the C0 control characters (no NUL) are sent with every field that has room; a
 * field whose rules refuse them (400) is stored again without them: either answer is acceptable.
 *
 * The trending embed shows only the trending job's ranking, which this file cannot reach without flooding views: its
 * page is replaced (page.route) by the served page filled, as the job fills it, with the stored vehicle as GET
 * /marketplace/vehicles/{id} returns it.
 */
import { randomUUID } from 'node:crypto';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { AdminAcademyItem } from '@shared/academy/api';
import type { UpdateBrokerRequest } from '@shared/brokers/api';
import type { ClientView } from '@shared/clients/api';
import type { DealershipView, DealerUserView } from '@shared/dealerships/api';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { fillTrendingEmbed } from '@shared/marketplace/trending-embed';
import type { QuoteRequestResponse } from '@shared/quotes/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import {
  apiFetch,
  cognito,
  getStack,
  signIn as signInApi,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMail,
  waitForVerificationCode,
  type ApiResponse,
} from '@test/support/stack';
import { expectPath, signIn, useWebApp, type TestPage } from './browser';
import { signInAs } from './session';

const stack = getStack();
const openApp = useWebApp();
/** Sign-ins, a dozen pages and a few dialogs per role, on a machine shared by several stacks. */
const ROLE_TIMEOUT_MS = 240_000;

/** Letters only: names, makes and categories allow no digits or punctuation in some places. */
const TAG = randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)
  .padEnd(6, 'x')
  .replace(/^./, (first) => first.toUpperCase());

/** What a successful injection would do: set `window.__xss`. Each fits a 50-character field with a short label. */
const PAYLOADS = [
  '<img src=x onerror=window.__xss=1>',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
  "{{constructor.constructor('window.__xss=1')()}}",
] as const;
/** A right-to-left override and C0 control characters (bell, backspace, escape, DEL...), no NUL. */
const UNICODE = '\u202Eexe.txt\u0001\u0007\u0008\u001b\u007f';

/** URLs no URL field may store: script and data schemes, however they are spelled. */
const REFUSED_URLS = [
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  '  javascript:window.__xss=1',
  'java\tscript:window.__xss=1',
  'javascript://example.com/%0Awindow.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  'data:image/svg+xml,<svg onload=window.__xss=1>',
  'vbscript:window.__xss=1',
] as const;

/**
 * Builds the hostile text of one field: a label naming the field and the run, then as many payloads as the field's
 * limit allows (each field starting at the next payload, so short fields share them out), then the unicode part.
 */
type Hostile = (field: string, max: number) => string;

function hostileTexts(withUnicode: boolean): Hostile {
  let turn = 0;
  return (field, max) => {
    const start = turn++;
    let text = `${TAG}-${field}`;
    const parts = [...PAYLOADS.map((_, index) => PAYLOADS[(start + index) % PAYLOADS.length]!), withUnicode ? UNICODE : ''];
    for (const part of parts) if (part && text.length + 1 + part.length <= max) text += ` ${part}`;
    if (text === `${TAG}-${field}`) throw new Error(`No payload fits the ${max} characters of ${field}`);
    return text;
  };
}

const demo = (key: string) => DEMO_USERS.find((user) => user.key === key)!;

function expectStatus(response: ApiResponse, status: number, what: string): void {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(status);
}

/**
 * Sends the body `build` makes with the unicode part; when the API refuses it (400, stricter rules on control
 * characters), sends the body again without it. Returns the answer of the accepted request.
 */
async function store<T>(
  what: string,
  path: string,
  token: string | undefined,
  build: (hostile: Hostile) => Record<string, unknown>,
  { method = 'POST', status = 201 }: { method?: string; status?: number } = {},
): Promise<T> {
  const first = await apiFetch<T>(path, { token, method, body: build(hostileTexts(true)) });
  if (first.status === 400) {
    unicodeRefused.push(`${method} ${what}`);
    const second = await apiFetch<T>(path, { token, method, body: build(hostileTexts(false)) });
    expectStatus(second, status, `${method} ${what} without control characters`);
    return second.body;
  }
  expectStatus(first, status, `${method} ${what}`);
  return first.body;
}

/** The writes whose rules refused the right-to-left override or the control characters (a 400 is acceptable). */
const unicodeRefused: string[] = [];

/**
 * The field's value in an answer, which must hold a payload: proves the payload was stored as sent (in any case: a
 * stock number is stored upper-cased, and `<IMG SRC=X ONERROR=...>` is markup all the same).
 */
function stored(value: string | null | undefined, field: string): string {
  const text = (value ?? '').toLowerCase();
  expect(text, field).toContain(`${TAG}-`.toLowerCase());
  expect(
    PAYLOADS.some((payload) => text.includes(payload.toLowerCase())),
    `${field} holds a payload: ${value}`,
  ).toBe(true);
  return value!;
}

const isoDate = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
const YEAR = new Date().getFullYear();

let principals: Principals;
let adminToken = '';
let brokerToken = '';
const broker = { id: '', email: uniqueEmail(`hostile.${TAG.toLowerCase()}`), fullName: '', licenseNumber: '' };
let client: ClientView;
let dealership: DealershipView;
let dealer: DealerUserView;
let brokerDeal: DealView;
let consumerDeal: DealView;
let vehicle: MarketplaceVehicleDetail;
let leadId = '';
let lead: Record<string, unknown> = {};
let referralName = '';
const friendEmail = uniqueEmail(`friend.${TAG.toLowerCase()}`, 'example.com');
const academy: Record<'article' | 'video' | 'test', AdminAcademyItem> = {} as never;
let testQuestion = { prompt: '', choices: [] as string[] };
/** Records an accepted hostile URL created (a finding): deleted in afterAll with the others. */
const strayDeals: string[] = [];
const strayDealerships: string[] = [];
const strayAcademy: string[] = [];

const CLIENT_NAME = `Hostile ${TAG}`;
const DEAL_MAKE = `Hd${TAG}`;
const VEHICLE_MAKE = `Hv${TAG}`;
const CONSUMER_MAKE = `Hc${TAG}`;
const CATEGORY = `Hostile ${TAG}`;
/** Same-origin, so the CSP allows it; the file does not exist and the page shows its placeholder. */
const imageUrl = `${stack.urls.web.replace(/\/+$/, '')}/no-such-image-${TAG}.png?q="><svg onload=window.__xss=1>`;

/** A broker of our own, signed up through Cognito as a person would (the name is free text there), then approved. */
async function createHostileBroker(): Promise<void> {
  broker.fullName = hostileTexts(true)('broker', 100);
  const signUp = (name: string) =>
    cognito().send(
      new SignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: broker.email,
        Password: TEST_PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: broker.email },
          { Name: 'name', Value: name },
        ],
      }),
    );
  const signedUp = await signUp(broker.fullName).catch(async (error: Error) => {
    // Stricter rules on control characters: a refusal is acceptable, the name is then stored without them.
    unicodeRefused.push(`Cognito SignUp name (${error.name})`);
    broker.fullName = hostileTexts(false)('broker', 100);
    return signUp(broker.fullName);
  });
  broker.id = signedUp.UserSub!;
  const code = await waitForVerificationCode(broker.email);
  await cognito().send(
    new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: broker.email, ConfirmationCode: code }),
  );

  const approved = await store<{ broker: { fullName: string; licenseNumber: string | null } }>(
    'admin/brokers/{id}',
    `/admin/brokers/${broker.id}`,
    adminToken,
    (hostile) => ({
      isApproved: true,
      isLicensed: true,
      commissionType: 'flat',
      commissionValue: 100,
      licenseNumber: hostile('licence', 50),
      licenseExpirationDate: isoDate(365),
    }),
    { method: 'PATCH', status: 200 },
  );
  broker.fullName = stored(approved.broker.fullName, 'broker name');
  broker.licenseNumber = stored(approved.broker.licenseNumber, 'licence number');
  brokerToken = (await signInApi(broker.email, TEST_PASSWORD)).idToken;
}

function dealBody(hostile: Hostile, overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    dealershipId: dealership.id,
    year: YEAR,
    model: 'Alpha',
    trim: hostile('trim', 50),
    imageUrl,
    dealType: 'lease',
    monthlyPayment: 429,
    downPayment: 1999,
    termMonths: 36,
    mileageAllowance: 10000,
    moneyFactor: 0.0021,
    apr: 5.04,
    heardAboutUs: 'Referral',
    heardAboutUsReferral: hostile('referredby', 100),
    heardAboutUsAffinity: hostile('affinity', 100),
    hasTradeIn: true,
    tradeInYear: 2019,
    tradeInMake: 'Honda',
    tradeInModel: 'Civic',
    tradeInMileage: 48000,
    tradeInCondition: 'Good',
    tradeInHasLienholder: true,
    tradeInLienholder: hostile('lienholder', 200),
    tradeInPayoffBalance: 5000,
    notes: hostile('notes', 5000),
    ...overrides,
  };
}

beforeAll(async () => {
  principals = await loadPrincipals();
  adminToken = principals.of.admin.token;
  await createHostileBroker();

  dealership = await store<DealershipView>('dealerships', '/dealerships', adminToken, (hostile) => ({
    name: hostile('dealership', 100),
    location: hostile('location', 200),
    contactName: hostile('contact', 100),
    contactEmail: `contact.${TAG.toLowerCase()}@example.com`,
    contactPhone: '+15035550177',
    website: 'https://example.com/?q="><svg onload=window.__xss=1>',
    notes: hostile('dealershipnotes', 2000),
  }));
  dealer = await store<DealerUserView>('dealers', `/dealerships/${dealership.id}/dealers`, adminToken, (hostile) => ({
    name: hostile('dealer', 100),
    licenseNumber: hostile('dealerlicence', 50),
    email: uniqueEmail(`hostile.dealer.${TAG.toLowerCase()}`, 'example.com'),
  }));

  client = await store<ClientView>('clients', '/clients', brokerToken, (hostile) => ({
    fullName: CLIENT_NAME,
    email: `client.${TAG.toLowerCase()}@example.com`,
    phone: '+14155550123',
    address: hostile('address', 500),
    preferredMakes: [hostile('make', 50), hostile('make', 50)],
    notes: hostile('clientnotes', 2000),
  }));

  // The broker's own deal, not sold: every free-text field of the deal form, the trail's before and after.
  const created = await store<DealView>('deals', '/deals', brokerToken, (hostile) =>
    dealBody(hostile, { clientId: client.id, make: DEAL_MAKE, status: 'pending' }),
  );
  brokerDeal = await store<DealView>(
    'deals/{id}',
    `/deals/${created.id}`,
    brokerToken,
    (hostile) => ({
      ...dealBody(hostile, { clientId: client.id, make: DEAL_MAKE }),
      status: 'not_sold',
      notSoldReason: 'Payment',
      notSoldNotes: hostile('notsold', 2000),
      revision: created.revision,
    }),
    { method: 'PATCH', status: 200 },
  );

  // The demo consumer's deal (their client record is the seed's), closed by the admin, handled by our broker.
  const consumerDraft = await store<DealView>('deals', '/deals', adminToken, (hostile) =>
    dealBody(hostile, {
      clientId: principals.records.consumerClient,
      make: CONSUMER_MAKE,
      model: 'Portal',
      brokerId: broker.id,
      status: 'pending',
    }),
  );
  consumerDeal = await store<DealView>(
    'deals/{id}',
    `/deals/${consumerDraft.id}`,
    adminToken,
    (hostile) => ({
      ...dealBody(hostile, {
        clientId: principals.records.consumerClient,
        make: CONSUMER_MAKE,
        model: 'Portal',
        brokerId: broker.id,
      }),
      status: 'closed',
      conciergeFee: 0,
      revision: consumerDraft.revision,
    }),
    { method: 'PATCH', status: 200 },
  );
  await store('referrals', '/referrals', principals.of.consumer.token, (hostile) => ({
    fullName: hostile('friend', 100),
    email: friendEmail,
    dealId: consumerDeal.id,
  }));
  // The friend's name as stored: the deal's trail records the referral.
  const trail = await apiFetch<DealDetail>(`/deals/${consumerDeal.id}`, { token: adminToken });
  const referral = trail.body.activity.find((entry) => entry.kind === 'referral');
  referralName = stored(referral?.changes.find((change) => change.field === 'referredName')?.after as string, 'referred friend');

  // Stock numbers are letters, digits and hyphens only (refused otherwise: the test below).
  const added = await store<{ id: string }>('marketplace/vehicles', '/marketplace/vehicles', brokerToken, (hostile) => ({
    stockNumber: `HX-${TAG}`,
    year: YEAR,
    make: VEHICLE_MAKE,
    model: 'Vector',
    trim: hostile('vtrim', 50),
    msrp: 45000,
    monthlyPayment: 399,
    downPayment: 2500,
    termMonths: 36,
    expirationDate: isoDate(60),
    notes: hostile('vnotes', 5000),
    imageUrl,
    dealershipId: dealership.id,
  }));
  vehicle = (await apiFetch<MarketplaceVehicleDetail>(`/marketplace/vehicles/${added.id}`, { token: brokerToken })).body;

  // Every text the shopper types in the quote wizard (phone and zip code are free text of 10-20 and 5-10 characters).
  const submitted = await store<QuoteRequestResponse>('quote-requests', '/quote-requests', undefined, (hostile) => ({
    idempotencyKey: randomUUID(),
    vehiclePreference: 'exact',
    exactYear: YEAR,
    exactMake: hostile('qmake', 100),
    exactModel: hostile('qmodel', 100),
    exactTrim: hostile('qtrim', 100),
    mustHaveOptions: hostile('options', 500),
    workingWithBroker: true,
    brokerId: broker.id,
    hasTradeIn: true,
    tradeIns: [
      {
        year: 2018,
        make: hostile('tmake', 100),
        model: hostile('tmodel', 100),
        mileage: 60000,
        condition: 3,
        hasLienholder: true,
        lienholderName: hostile('qlien', 200),
        payoffBalance: 4000,
      },
      { year: 2016, make: hostile('t2make', 100), model: hostile('t2model', 100), mileage: 90000, condition: 2 },
    ],
    currentlyLeasing: true,
    currentLeaseBrand: hostile('brand', 100),
    firstName: hostile('first', 100),
    lastName: hostile('last', 100),
    email: `shopper.${TAG.toLowerCase()}@example.com`,
    phone: '<svg onload=__xss=1>',
    zipCode: '<b>zip</b>',
    preferredContactMethod: 'email',
  }));
  leadId = submitted.id;
  lead = (await apiFetch<Record<string, unknown>>(`/leads/${leadId}`, { token: adminToken })).body;

  const article = [
    `## ${PAYLOADS[0]}`,
    '',
    `- ${PAYLOADS[1]}`,
    `- **${PAYLOADS[2]}**`,
    '',
    `[a link](${PAYLOADS[3]}) ${PAYLOADS[4]} ${TAG}-article`,
  ].join('\n');
  academy.article = await store<AdminAcademyItem>('admin/academy', '/admin/academy', adminToken, (hostile) => ({
    title: hostile('atitle', 200),
    description: hostile('adescription', 1000),
    category: CATEGORY,
    contentType: 'article',
    content: article,
    durationMinutes: 5,
    isPublished: true,
  }));
  academy.video = await store<AdminAcademyItem>('admin/academy', '/admin/academy', adminToken, (hostile) => ({
    title: hostile('vtitle', 200),
    description: hostile('vdescription', 1000),
    category: CATEGORY,
    contentType: 'video',
    // Not an embeddable player: the dialog links to it (a new tab) instead of framing it.
    videoUrl: `https://videos.example.com/watch?v="><svg onload=window.__xss=1>&t=${TAG}`,
    durationMinutes: 5,
    isPublished: true,
  }));
  academy.test = await store<AdminAcademyItem>('admin/academy', '/admin/academy', adminToken, (hostile) => {
    testQuestion = { prompt: hostile('prompt', 500), choices: [hostile('choice', 200), hostile('choice', 200)] };
    return {
      title: hostile('ttitle', 200),
      description: hostile('tdescription', 1000),
      category: CATEGORY,
      contentType: 'test',
      content: JSON.stringify({ questions: [{ ...testQuestion, answer: 0 }] }),
      durationMinutes: 5,
      isPublished: true,
    };
  });
}, 180_000);

afterAll(async () => {
  if (unicodeRefused.length > 0)
    console.info(`Refused the control characters (then stored without): ${unicodeRefused.join(', ')}`);
  const left: string[] = [];
  const remove = async (path: string) => {
    const { status } = await apiFetch(path, { token: adminToken, method: 'DELETE' });
    if (status !== 200) left.push(`DELETE ${path}: ${status}`);
  };
  const deals = [brokerDeal?.id, consumerDeal?.id, vehicle?.id, ...strayDeals].filter(Boolean);
  for (const id of deals) await remove(`/deals/${id}`);
  if (client) await remove(`/clients/${client.id}`);
  if (dealer) await remove(`/dealerships/${dealership.id}/dealers/${dealer.userId}`);
  for (const id of [dealership?.id, ...strayDealerships].filter(Boolean)) await remove(`/dealerships/${id}`);
  for (const item of [...Object.values(academy).map(({ id }) => id), ...strayAcademy]) await remove(`/admin/academy/${item}`);
  if (broker.id) {
    // Out of the quote wizard's agents and the brokers' team: pending again, as a fresh sign-up is.
    const pending: UpdateBrokerRequest = {
      isApproved: false,
      isLicensed: false,
      commissionType: 'flat',
      commissionValue: 0,
      licenseNumber: '',
      licenseExpirationDate: '',
    };
    const { status } = await apiFetch(`/admin/brokers/${broker.id}`, { token: adminToken, method: 'PATCH', body: pending });
    if (status !== 200) left.push(`PATCH /admin/brokers/${broker.id}: ${status}`);
  }
  if (left.length > 0) console.warn(`Records this file could not remove: ${left.join(', ')}`);
}, 120_000);

// ---------------------------------------------------------------------------------------------------------------
// The browser's side

interface Watched extends TestPage {
  dialogs: string[];
  errors: string[];
}

/** A fresh context that records every dialog (dismissed), page error and console error. */
async function openWatched(): Promise<Watched> {
  const testPage = await openApp();
  const watched: Watched = { ...testPage, dialogs: [], errors: [] };
  testPage.page.on('dialog', (dialog) => {
    watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  testPage.page.on('pageerror', (error) => watched.errors.push(error.message));
  testPage.page.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes('Content Security Policy')) watched.errors.push(message.text());
  });
  return watched;
}

/** Waits until each text is on screen, as text: an escaped payload reads exactly as it was typed. */
async function expectShown(page: Page, texts: readonly string[]): Promise<void> {
  for (const text of texts) await page.getByText(text).filter({ visible: true }).first().waitFor();
}

/** What the DOM of the page holds that a payload could have put there. */
interface InjectedMarks {
  xss: unknown;
  /** Links whose resolved scheme is none of http, https, mailto and tel. */
  links: string[];
  /** Elements with an inline event handler attribute (React never writes one). */
  handlers: string[];
  /** Inline scripts that mention the payloads' marker. */
  scripts: number;
}

/** Nothing a payload carries ran, or was even put in place to run, on the page as it is now. */
async function expectInert(watched: Watched, where: string): Promise<void> {
  const marks = await watched.page.evaluate((): InjectedMarks => {
    const allowed = ['http:', 'https:', 'mailto:', 'tel:'];
    const scheme = (href: string) => {
      try {
        return new URL(href).protocol;
      } catch {
        return 'unparsable:';
      }
    };
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss,
      links: [...document.querySelectorAll('a[href]')]
        .map((link) => (link as HTMLAnchorElement).href)
        .filter((href) => !allowed.includes(scheme(href))),
      handlers: [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => attribute.name.toLowerCase().startsWith('on'))
          .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}>`),
      ),
      scripts: [...document.scripts].filter((script) => script.text.includes('__xss')).length,
    };
  });
  expect(marks, `what the payloads left on ${where}`).toEqual({ xss: undefined, links: [], handlers: [], scripts: 0 });
  expect(watched.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(
    watched.errors.filter((text) => /Content Security Policy|Refused to|__xss/i.test(text)),
    `CSP errors on ${where}`,
  ).toEqual([]);
  expect([...watched.refused], `refused by the browser on ${where}`).toEqual([]);
}

/** Opens `path`, optionally acts on the page (a search, a tab), waits for the texts and checks the page. */
async function visit(watched: Watched, path: string, texts: readonly string[], act?: (page: Page) => Promise<void>) {
  await watched.page.goto(path);
  await act?.(watched.page);
  await expectShown(watched.page, texts);
  await expectInert(watched, path);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox').first().fill(text);
}

/** The value of a form control, as a dialog shows a stored field for editing. */
async function expectValue(page: Page, label: string, value: string): Promise<void> {
  await expect.poll(() => page.getByRole('dialog').getByLabel(label, { exact: false }).first().inputValue()).toBe(value);
}

describe('hostile content in every free-text field', () => {
  it('is refused where the field has rules: URLs other than http(s), names, makes, categories, e-mails, picklists', async () => {
    const accepted: string[] = [];
    const expectRefused = async (what: string, path: string, token: string, body: Record<string, unknown>, method = 'POST') => {
      const response = await apiFetch<{ id?: string }>(path, { token, method, body });
      if (response.status === 400) return;
      accepted.push(`${method} ${what}: ${response.status}`);
      // A finding: keep the file's own records apart from everyone else's, and remove them after.
      const id = response.body?.id;
      if (response.status < 300 && id && method === 'POST') {
        if (path === '/dealerships') strayDealerships.push(id);
        else if (path === '/admin/academy') strayAcademy.push(id);
        else strayDeals.push(id);
      }
    };
    const hostile = hostileTexts(false);
    const dealership0 = { name: `Stray ${TAG}`, location: 'Reno, NV' };
    const vehicle0 = {
      stockNumber: `STRAY-${TAG}`,
      year: YEAR,
      make: VEHICLE_MAKE,
      model: 'Stray',
      monthlyPayment: 399,
      termMonths: 36,
      expirationDate: isoDate(60),
      dealershipId: dealership.id,
    };
    const video0 = { title: `Stray ${TAG}`, category: CATEGORY, contentType: 'video', isPublished: false };

    for (const url of REFUSED_URLS) {
      await expectRefused(`website ${JSON.stringify(url)}`, '/dealerships', adminToken, { ...dealership0, website: url });
      await expectRefused(
        `website ${JSON.stringify(url)}`,
        `/dealerships/${dealership.id}`,
        adminToken,
        { website: url },
        'PATCH',
      );
      await expectRefused(`videoUrl ${JSON.stringify(url)}`, '/admin/academy', adminToken, { ...video0, videoUrl: url });
      await expectRefused(
        `videoUrl ${JSON.stringify(url)}`,
        `/admin/academy/${academy.video.id}`,
        adminToken,
        { videoUrl: url },
        'PATCH',
      );
      // An image URL must also end in an image extension: give it one, so only the scheme is left to refuse.
      const image = `${url}#.png`;
      await expectRefused(`deal imageUrl ${JSON.stringify(image)}`, '/deals', brokerToken, {
        ...dealBody(hostile, { clientId: client.id, make: DEAL_MAKE, status: 'pending' }),
        imageUrl: image,
      });
      await expectRefused(`vehicle imageUrl ${JSON.stringify(image)}`, '/marketplace/vehicles', brokerToken, {
        ...vehicle0,
        imageUrl: image,
      });
      await expectRefused(
        `vehicle imageUrl ${JSON.stringify(image)}`,
        `/marketplace/vehicles/${vehicle.id}`,
        brokerToken,
        { imageUrl: image },
        'PATCH',
      );
    }
    // A plain http video is refused too: the academy takes https only.
    await expectRefused('videoUrl http:', '/admin/academy', adminToken, { ...video0, videoUrl: 'http://videos.example.com/x' });

    // Fields with a character set of their own take none of the payloads.
    for (const payload of PAYLOADS) {
      await expectRefused(`client fullName ${payload}`, '/clients', brokerToken, {
        fullName: payload,
        email: uniqueEmail('stray', 'example.com'),
      });
      await expectRefused(
        `client email ${payload}`,
        `/clients/${client.id}`,
        brokerToken,
        { email: `${payload}@example.com` },
        'PATCH',
      );
      await expectRefused(`deal make ${payload}`, '/deals', brokerToken, {
        ...dealBody(hostile, { clientId: client.id, status: 'pending' }),
        make: payload,
      });
      await expectRefused(`deal incentive ${payload}`, '/deals', brokerToken, {
        ...dealBody(hostile, { clientId: client.id, make: DEAL_MAKE, status: 'pending' }),
        incentives: [payload],
      });
      await expectRefused(`vehicle model ${payload}`, '/marketplace/vehicles', brokerToken, { ...vehicle0, model: payload });
      await expectRefused(`vehicle stockNumber ${payload}`, '/marketplace/vehicles', brokerToken, {
        ...vehicle0,
        stockNumber: payload,
      });
      await expectRefused(`academy category ${payload}`, '/admin/academy', adminToken, {
        ...video0,
        category: payload,
        videoUrl: 'https://videos.example.com/x',
      });
      await expectRefused(
        `dealership contactEmail ${payload}`,
        `/dealerships/${dealership.id}`,
        adminToken,
        { contactEmail: `a${payload}@example.com` },
        'PATCH',
      );
    }
    for (const payload of PAYLOADS) {
      await expectRefused(`profile phone ${payload}`, '/profile', brokerToken, { phone: payload }, 'PATCH');
      await expectRefused(`referral email ${payload}`, '/referrals', principals.of.consumer.token, {
        fullName: `Friend ${TAG}`,
        email: `${payload}@example.com`,
        dealId: consumerDeal.id,
      });
    }
    expect(accepted, 'hostile values the API stored (each is a finding)').toEqual([]);
  });

  it(
    'as their broker: dashboard, clients, deals, the deal, marketplace, the vehicle, dealerships, profile and academy',
    async () => {
      const watched = await openWatched();
      const { page } = watched;
      await signIn(page, broker.email, TEST_PASSWORD);
      await expectPath(page, '/');

      await visit(watched, '/', [`Welcome back, ${broker.fullName}`]);

      await visit(watched, '/clients', [CLIENT_NAME], (p) => search(p, CLIENT_NAME));
      await page.getByRole('button', { name: `Edit ${CLIENT_NAME}` }).click();
      await expectValue(page, 'Address', stored(client.address, 'address'));
      await expectValue(page, 'Preferred makes', client.preferredMakes.join(', '));
      await expectValue(page, 'Notes', stored(client.notes, 'client notes'));
      await expectInert(watched, 'the client dialog');
      await page.keyboard.press('Escape');

      // The deals list shows available, pending, active and closed deals: the broker's own deal is not sold, so the
      // list is checked with the consumer's closed deal (theirs too), searched by its make until only it is listed.
      await visit(watched, '/deals', [], (p) => search(p, CONSUMER_MAKE));
      await expect
        .poll(() => page.getByRole('main').getByRole('article').allInnerTexts())
        .toEqual([expect.stringContaining(stored(consumerDeal.trim, 'trim'))]);
      await expectInert(watched, '/deals');

      await visit(watched, `/deals/${brokerDeal.id}`, [
        brokerDeal.trim!,
        stored(brokerDeal.notes, 'deal notes'),
        stored(brokerDeal.notSoldNotes, 'not sold notes'),
        stored(brokerDeal.tradeInLienholder, 'lienholder'),
        stored(brokerDeal.heardAboutUsReferral, 'referred by'),
        stored(brokerDeal.heardAboutUsAffinity, 'affinity'),
        broker.fullName,
        dealership.name,
        stored(dealership.location, 'location'),
        stored(dealership.contactName, 'contact name'),
        CLIENT_NAME,
      ]);

      await visit(watched, '/marketplace', [vehicle.stockNumber!, stored(vehicle.trim, 'vehicle trim')], (p) =>
        search(p, VEHICLE_MAKE),
      );
      await visit(watched, `/marketplace/${vehicle.id}`, [
        vehicle.stockNumber!,
        vehicle.trim!,
        stored(vehicle.notes, 'vehicle notes'),
        dealership.name,
        dealership.location,
      ]);

      await visit(
        watched,
        '/dealerships',
        [stored(dealership.name, 'dealership name'), dealership.location, dealership.contactName!],
        (p) => search(p, TAG),
      );

      await visit(watched, '/profile', [broker.fullName]);

      await page.goto('/academy');
      await page.getByRole('tab', { name: CATEGORY }).click();
      await expectShown(page, [
        stored(academy.article.title, 'article title'),
        stored(academy.article.description, 'article description'),
        stored(academy.video.title, 'video title'),
        stored(academy.test.title, 'test title'),
        stored(academy.test.description, 'test description'),
      ]);
      await expectInert(watched, '/academy');
      for (const [item, texts] of [
        [academy.article, PAYLOADS.map((payload) => payload)],
        [academy.video, [stored(academy.video.description, 'video description')]],
        [
          academy.test,
          [stored(testQuestion.prompt, 'prompt'), ...testQuestion.choices.map((choice) => stored(choice, 'choice'))],
        ],
      ] as const) {
        await page.getByRole('button', { name: item.title }).click();
        const dialog = page.getByRole('dialog');
        for (const text of texts) await dialog.getByText(text).filter({ visible: true }).first().waitFor();
        await expectInert(watched, `the academy dialog of ${item.contentType}`);
        if (item.contentType === 'video') {
          await expect.poll(() => dialog.getByRole('link').first().getAttribute('href')).toBe(item.videoUrl);
        }
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      await watched.context.close();
    },
    ROLE_TIMEOUT_MS,
  );

  it(
    'as the admin: brokers and the broker, the leads and the lead, dealerships and their logins, the consumer deal, academy',
    async () => {
      const watched = await openWatched();
      const { page } = watched;
      await signInAs(page, 'admin');

      await visit(watched, '/admin/brokers', [broker.fullName]);
      await page.getByRole('article').filter({ hasText: broker.fullName }).getByRole('button', { name: 'Edit' }).click();
      await expectValue(page, 'License number', broker.licenseNumber);
      await expectInert(watched, 'the broker dialog');
      await page.keyboard.press('Escape');

      const firstName = stored(lead.firstName as string, 'first name');
      await visit(watched, '/leads', [firstName, stored(lead.lastName as string, 'last name')]);
      await visit(watched, `/leads/${leadId}`, [
        firstName,
        lead.lastName as string,
        '<svg onload=__xss=1>',
        '<b>zip</b>',
        stored(lead.exactVehicleMake as string, 'lead make'),
        stored(lead.exactVehicleModel as string, 'lead model'),
        stored(lead.exactVehicleTrim as string, 'lead trim'),
        stored(lead.mustHaveOptions as string, 'must-have options'),
        stored(lead.currentLeaseBrand as string, 'current brand'),
        stored(lead.tradeInMake as string, 'trade-in make'),
        stored(lead.tradeInModel as string, 'trade-in model'),
        stored(lead.tradeInLienholderName as string, 'lead lienholder'),
        stored(lead.additionalNotes as string, 'additional trade-ins'),
        `Yes: ${broker.fullName}`,
      ]);

      await visit(watched, '/dealerships', [dealership.name, dealership.location, dealership.contactName!], (p) =>
        search(p, TAG),
      );
      await page.getByRole('button', { name: `Dealer logins of ${TAG}-dealership` }).click();
      await page.getByRole('dialog').getByText(stored(dealer.name, 'dealer name')).waitFor();
      await page.getByRole('dialog').getByText(stored(dealer.licenseNumber, 'dealer licence')).waitFor();
      await expectInert(watched, 'the dealer logins dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Edit ${TAG}-dealership` }).click();
      await expectValue(page, 'Notes', stored(dealership.notes, 'dealership notes'));
      await expectValue(page, 'Website', dealership.website!);
      await expectInert(watched, 'the dealership dialog');
      await page.keyboard.press('Escape');

      await visit(watched, `/deals/${consumerDeal.id}`, [referralName, broker.fullName, consumerDeal.trim!, consumerDeal.notes!]);

      await visit(watched, '/academy?view=manage', [academy.article.title, academy.video.title, academy.test.title]);
      await watched.context.close();
    },
    ROLE_TIMEOUT_MS,
  );

  it(
    'as the demo consumer: the portal (their deal and My Broker) and their deal',
    async () => {
      const watched = await openWatched();
      const { page } = watched;
      await signIn(page, demo('consumer').email, DEMO_PASSWORD);
      await expectPath(page, '/consumer-portal');

      await visit(
        watched,
        '/consumer-portal',
        [consumerDeal.trim!, dealership.name, dealership.location, dealership.contactName!],
        (p) => p.getByRole('tab', { name: `${YEAR} ${CONSUMER_MAKE} Portal` }).click(),
      );
      // My Broker is the client's own broker (the seed's demo broker), not whoever handles this deal
      // (docs/decisions.md, "Consumers"): our broker's hostile name is checked on the deal page below.
      await page.getByRole('tab', { name: 'My Broker' }).click();
      await expectShown(page, [demo('broker').fullName]);
      await expectInert(watched, 'My Broker');

      await visit(watched, `/deals/${consumerDeal.id}`, [consumerDeal.trim!, consumerDeal.notes!, dealership.name]);
      await watched.context.close();
    },
    ROLE_TIMEOUT_MS,
  );

  it('on the public pages: the quote wizard lists the broker, the trending embed shows the vehicle', async () => {
    const watched = await openWatched();
    const { page } = watched;

    // The quotes function's first request loads it in the local API server: allow a busy machine time.
    await page.goto('/get-quote', { timeout: 60_000 });
    await page.getByText('Step 1 of 4', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('radio', { name: 'Yes, I know the exact Year, Make, Model, Trim' }).check();
    await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(YEAR));
    await page.getByRole('combobox', { name: 'Make', exact: true }).selectOption('BMW');
    await page.getByRole('textbox', { name: 'Model', exact: true }).fill('X5');
    await page.getByRole('button', { name: 'Next – Tell us about you' }).click();
    await page
      .getByRole('group', { name: 'Are you already working with one of our agents?', exact: true })
      .getByRole('radio', { name: 'Yes', exact: true })
      .check();
    const option = page.getByRole('combobox', { name: 'Your agent', exact: true }).locator(`option[value="${broker.id}"]`);
    await option.waitFor({ state: 'attached' });
    await expect(option.textContent()).resolves.toBe(broker.fullName);
    await expectInert(watched, '/get-quote');

    const trending: TrendingResponse = {
      vehicles: [
        {
          vehicleId: vehicle.id,
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          vehicleTrim: vehicle.trim,
          imageUrl: vehicle.imageUrl,
          msrp: vehicle.msrp,
          monthlyPayment: vehicle.monthlyPayment,
          termMonths: vehicle.termMonths,
          downPayment: vehicle.downPayment ?? 0,
          expirationDate: vehicle.expirationDate,
          views: 7,
        },
      ],
    };
    await page.route(`${stack.urls.web.replace(/\/+$/, '')}/trending-deals-embed`, async (route) => {
      const served = await route.fetch();
      await route.fulfill({ response: served, body: fillTrendingEmbed(await served.text(), trending.vehicles) });
    });
    await visit(watched, '/trending-deals-embed', [vehicle.trim!]);
    await watched.context.close();
  });

  it("mails the referral as plain text, or as HTML with the friend's name escaped", async () => {
    const { body } = await waitForMail(friendEmail);
    expect(body.text).toContain(referralName);
    // The e-mail names the client's own broker (docs/decisions.md, "Consumers").
    expect(body.text).toContain(demo('broker').fullName);
    for (const payload of PAYLOADS) if (/[<>"]/.test(payload)) expect(body.html ?? '').not.toContain(payload);
  });
});
