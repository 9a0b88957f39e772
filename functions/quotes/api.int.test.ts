/**
 * The public quote routes through the local API (docs/api.md, "Quotes"; docs/decisions.md, "Quotes"): every intake rule
 * with its message, one lead stored with every quote_leads column (the extra trade-ins in additional_notes, as
 * shared/quotes/lead-row.ts writes them), the new-lead e-mail to the admins and the named agent, the lead kept when SES
 * fails, the honeypot, the body limit and malformed JSON, a double submit (one after the other and at once) storing one
 * lead, and the agents list.
 *
 * POST /quote-requests counts requests per source address (route table `sourceLimit`), so each test posts from its
 * own loopback address (127.0.x.y) and keeps its own allowance.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createData } from '@infra/data/create-data';
import { createMailer } from '@functions/lib/mailer';
import { findRoute } from '@shared/api/routes';
import type { ApiErrorBody } from '@shared/errors';
import {
  QUOTE_VEHICLE_NOT_FOUND_MESSAGE,
  quoteRequestSchema,
  type QuoteAgentsResponse,
  type QuoteRequest,
  type QuoteVehicleResponse,
} from '@shared/quotes/api';
import { QUOTE_MESSAGES } from '@shared/quotes/schemas';
import type { LeadDetail, LeadListResponse } from '@shared/leads/api';
import type { OutboxText } from '@infra/local/sms-outbox';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch, getStack, readMailbox, waitForMail } from '@test/support/stack';
import { submitQuoteRequest } from './quotes';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** A loopback address of its own for each test (see the header). */
const newSource = () => `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`;

/** POSTs raw text to /quote-requests from `source`. */
function postRaw(text: string, source: string): Promise<Answer> {
  const url = new URL('/quote-requests', getStack().urls.api);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: source,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(body) as unknown }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const post = (body: unknown, source = newSource()) => postRaw(JSON.stringify(body), source);
const errorOf = (answer: Answer) => (answer.body as ApiErrorBody).error;
const idOf = (answer: Answer) => (answer.body as { id: string }).id;

/** A complete exact-vehicle request with a unique e-mail and its own idempotency key. */
function exactRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    vehiclePreference: 'exact',
    exactYear: 2025,
    exactMake: 'Toyota',
    exactModel: 'RAV4',
    exactTrim: 'XLE',
    mustHaveOptions: 'Heated seats',
    firstName: 'Jo',
    lastName: 'Park',
    email: `shopper.${randomUUID()}@example.com`,
    phone: '4155552671',
    zipCode: '94107',
    preferredContactMethod: 'text',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

describe('POST /quote-requests: the intake rules', () => {
  const thisYear = new Date().getFullYear();
  const helpVehicle = { vehiclePreference: 'help', exactYear: '', exactMake: '', exactModel: '' } as const;
  const tradeIn = { year: 2018, make: 'Honda', model: 'Civic', mileage: 60000, condition: 3 };

  // [the rule, the request change, the field, the message]
  const RULES: [string, Partial<Record<keyof QuoteRequest, unknown>>, string, string][] = [
    [
      'vehicle preference is exact or help',
      { vehiclePreference: 'maybe' },
      'vehiclePreference',
      QUOTE_MESSAGES.vehiclePreferenceRequired,
    ],
    ['exact year is 2024-2026', { exactYear: 2023 }, 'exactYear', QUOTE_MESSAGES.exactYear],
    ['exact year is a whole number', { exactYear: 2025.5 }, 'exactYear', QUOTE_MESSAGES.exactYear],
    ['exact requires a make', { exactMake: '' }, 'exactMake', 'Make is required'],
    ['exact requires a model', { exactModel: '  ' }, 'exactModel', 'Model is required'],
    ['make at most 100', { exactMake: 'M'.repeat(101) }, 'exactMake', QUOTE_MESSAGES.vehicleTextTooLong('Make')],
    ['model at most 100', { exactModel: 'M'.repeat(101) }, 'exactModel', QUOTE_MESSAGES.vehicleTextTooLong('Model')],
    ['trim at most 100', { exactTrim: 'T'.repeat(101) }, 'exactTrim', QUOTE_MESSAGES.vehicleTextTooLong('Trim')],
    [
      'must-have options at most 500',
      { mustHaveOptions: 'o'.repeat(501) },
      'mustHaveOptions',
      QUOTE_MESSAGES.mustHaveOptionsTooLong,
    ],
    ['help requires a body style', { ...helpVehicle }, 'bodyStyle', 'Body style is required'],
    ['broker id is a uuid', { workingWithBroker: true, brokerId: 'broker-1' }, 'brokerId', QUOTE_MESSAGES.brokerId],
    [
      'trade-in year from 1900',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, year: 1899 }] },
      'tradeIns.0.year',
      QUOTE_MESSAGES.tradeInYear(thisYear),
    ],
    [
      'trade-in year up to this year',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, year: thisYear + 1 }] },
      'tradeIns.0.year',
      QUOTE_MESSAGES.tradeInYear(thisYear),
    ],
    [
      'trade-in mileage is a whole number',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, mileage: 10.5 }] },
      'tradeIns.0.mileage',
      QUOTE_MESSAGES.tradeInMileage,
    ],
    [
      'trade-in mileage is not negative',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, mileage: -1 }] },
      'tradeIns.0.mileage',
      QUOTE_MESSAGES.tradeInMileage,
    ],
    [
      'trade-in condition is 1-5',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, condition: 6 }] },
      'tradeIns.0.condition',
      QUOTE_MESSAGES.tradeInCondition,
    ],
    [
      'a lienholder needs its name',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, hasLienholder: true, payoffBalance: 9000 }] },
      'tradeIns.0.lienholderName',
      QUOTE_MESSAGES.lienholderRequired,
    ],
    [
      'a lienholder needs the amount owed',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, hasLienholder: true, lienholderName: 'Chase' }] },
      'tradeIns.0.payoffBalance',
      QUOTE_MESSAGES.payoffRequired,
    ],
    [
      'lienholder name at most 200',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, hasLienholder: true, lienholderName: 'L'.repeat(201), payoffBalance: 1 }] },
      'tradeIns.0.lienholderName',
      QUOTE_MESSAGES.lienholderTooLong,
    ],
    [
      'amount owed is not negative',
      { hasTradeIn: true, tradeIns: [{ ...tradeIn, hasLienholder: true, lienholderName: 'Chase', payoffBalance: -5 }] },
      'tradeIns.0.payoffBalance',
      QUOTE_MESSAGES.payoffMin,
    ],
    ['at most 5 trade-ins', { hasTradeIn: true, tradeIns: Array(6).fill(tradeIn) }, 'tradeIns', QUOTE_MESSAGES.tooManyTradeIns],
    ['budget is not negative', { monthlyPaymentBudget: -1 }, 'monthlyPaymentBudget', QUOTE_MESSAGES.budgetMin],
    [
      'currently leasing needs the current brand',
      { currentlyLeasing: true, currentLeaseBrand: '' },
      'currentLeaseBrand',
      QUOTE_MESSAGES.currentBrandRequired,
    ],
    [
      'lease brand at most 100',
      { currentlyLeasing: true, currentLeaseBrand: 'B'.repeat(101) },
      'currentLeaseBrand',
      QUOTE_MESSAGES.vehicleTextTooLong('Current brand'),
    ],
    ['first name required', { firstName: ' ' }, 'firstName', 'First name is required'],
    ['first name at most 100', { firstName: 'F'.repeat(101) }, 'firstName', QUOTE_MESSAGES.firstNameTooLong],
    ['last name required', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['last name at most 100', { lastName: 'L'.repeat(101) }, 'lastName', QUOTE_MESSAGES.lastNameTooLong],
    ['e-mail is valid', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    ['e-mail at most 255', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be less than 255 characters'],
    ['phone at least 10 characters', { phone: '415555' }, 'phone', 'Phone number must be at least 10 digits'],
    ['phone at most 20 characters', { phone: '4'.repeat(21) }, 'phone', QUOTE_MESSAGES.phoneTooLong],
    ['zip at least 5 characters', { zipCode: '941' }, 'zipCode', 'Zip code must be at least 5 digits'],
    ['zip at most 10 characters', { zipCode: '94107-12345' }, 'zipCode', QUOTE_MESSAGES.zipTooLong],
    [
      'the idempotency key is a uuid',
      { idempotencyKey: 'twice' },
      'idempotencyKey',
      'Invalid request: reload the page and try again',
    ],
  ];

  it.each(RULES)('%s: 400 with the message on the field', async (_rule, change, field, message) => {
    const body = { ...exactRequest(), ...change };

    const answer = await post(body);

    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorOf(answer).fields?.[field]).toBe(message);
    expect(errorOf(answer).message).toBe(Object.values(errorOf(answer).fields ?? {})[0]);
  });

  it('accepts the help branch with a truck configuration and features, and no exact fields', async () => {
    const answer = await post(
      exactRequest({ ...helpVehicle, bodyStyle: 'Truck', truckConfiguration: '4 Door', mustHaveFeatures: ['Towing package'] }),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const lead = await data().quotes.getLead(idOf(answer));
    expect(lead).toMatchObject({ vehiclePreference: 'help', bodyStyle: 'Truck', mustHaveFeatures: ['4 Door', 'Towing package'] });
    expect(lead?.exactVehicleMake).toBeUndefined();
  });
});

describe('POST /quote-requests: the shopper is acknowledged, their agent assigned', () => {
  const uniquePhone = () => `415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const textsTo = async (phone: string) => {
    const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
    return outbox.messages.filter((message) => message.phoneNumber === `+1${phone}`);
  };
  const leadAsAdmin = (id: string) => apiFetch<LeadDetail>(`/leads/${id}`, { token: principals.tokenOf('admin') });

  it('e-mails a shopper who chose e-mail at once (local mailbox), naming "a LeaseDesk broker"', async () => {
    const body = exactRequest({ preferredContactMethod: 'email' });

    const answer = await post(body);

    expect(answer.status).toBe(201);
    const mail = await waitForMail(body.email, (m) => m.subject === 'We got your quote request: 2025 Toyota RAV4 XLE');
    expect(mail.body.text).toContain('A LeaseDesk broker will reach you by e-mail within 5 minutes');
    await expect.poll(async () => (await data().quotes.getLead(idOf(answer)))?.acknowledgement?.status).toBe('sent');
    const lead = await leadAsAdmin(idOf(answer));
    expect(lead.body.assignee).toBeNull();
    expect(lead.body.acknowledgement).toEqual({ channel: 'email', status: 'sent', error: null, at: expect.any(String) });
  });

  it('texts a shopper who chose text (SMS outbox) naming the agent they picked, who holds the lead "automatically"', async () => {
    const agent = { ...principals.of.otherBroker, fullName: 'Owen Otherbroker' };
    const phone = uniquePhone();

    const answer = await post(exactRequest({ phone, workingWithBroker: true, brokerId: agent.userId }));

    expect(answer.status).toBe(201);
    const lead = await leadAsAdmin(idOf(answer));
    expect(lead.body.assignee).toEqual({ id: agent.userId, fullName: agent.fullName });
    expect(lead.body.assignmentHistory).toEqual([
      {
        broker: { id: agent.userId, fullName: agent.fullName },
        by: { id: 'leasedesk', fullName: 'LeaseDesk' },
        at: expect.any(String),
        claimed: false,
        automatic: true,
      },
    ]);
    const [text] = await textsTo(phone);
    expect(text?.message).toContain(`${agent.fullName} will reach you by text within 5 minutes`);
    // The agent finds it among their own leads.
    const mine = await apiFetch<LeadListResponse>(`/leads?brokerId=${agent.userId}`, {
      token: principals.tokenOf('otherBroker'),
    });
    expect(mine.body.leads.map((summary) => summary.id)).toContain(idOf(answer));
  });

  it('leaves a lead naming an agent awaiting approval unassigned and names "a LeaseDesk broker"', async () => {
    const phone = uniquePhone();

    const answer = await post(exactRequest({ phone, workingWithBroker: true, brokerId: principals.of.pendingBroker.userId }));

    expect(answer.status).toBe(201);
    const lead = await leadAsAdmin(idOf(answer));
    expect(lead.body.assignee).toBeNull();
    expect(lead.body.assignmentHistory).toEqual([]);
    const [text] = await textsTo(phone);
    expect(text?.message).toContain('A LeaseDesk broker will reach you by text');
  });
});

describe('POST /quote-requests: the lead', () => {
  it('stores one lead with every quote_leads column, status new, three trade-ins in the documented format', async () => {
    const agent = principals.of.broker;
    const body = exactRequest({
      workingWithBroker: true,
      brokerId: agent.userId,
      hasTradeIn: true,
      tradeIns: [
        {
          year: 2019,
          make: 'Honda',
          model: 'Civic',
          mileage: 45000,
          condition: 3,
          hasLienholder: true,
          lienholderName: 'Chase Auto',
          payoffBalance: 8200,
        },
        { year: 2016, make: 'Ford', model: 'F-150', mileage: 98000, condition: 2 },
        { year: 2012, make: 'Mazda', model: 'MX-5', mileage: 120500, condition: 5 },
      ],
      purchaseTimeframe: '1-2-weeks',
      creditScoreRange: '700-749',
      monthlyPaymentBudget: 650,
      hasCosigner: true,
      leaseOrPurchase: 'lease',
      hasPriorAutoLoan: true,
      isMilitary: true,
      isAaaMember: true,
      isCostcoMember: true,
      isCollegeStudent: true,
      isFirstResponder: true,
      currentlyLeasing: true,
      currentLeaseBrand: 'BMW',
    });

    const answer = await post(body);

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(Object.keys(answer.body as object)).toEqual(['id']);
    const lead = await data().quotes.getLead(idOf(answer));
    expect(lead).toEqual({
      id: idOf(answer),
      status: 'new',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      notification: { status: 'sent', at: expect.any(String) },
      firstName: 'Jo',
      lastName: 'Park',
      email: body.email,
      phone: '4155552671',
      zipCode: '94107',
      preferredContactMethod: 'text',
      vehiclePreference: 'exact',
      exactVehicleYear: 2025,
      exactVehicleMake: 'Toyota',
      exactVehicleModel: 'RAV4',
      exactVehicleTrim: 'XLE',
      mustHaveFeatures: [],
      mustHaveOptions: 'Heated seats',
      creditScoreRange: '700-749',
      purchaseTimeframe: '1-2-weeks',
      monthlyPaymentBudget: 650,
      leaseOrPurchase: 'lease',
      brokerId: agent.userId,
      workingWithBroker: true,
      hasTradeIn: true,
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Civic',
      tradeInMileage: 45000,
      tradeInCondition: 3,
      tradeInHasLienholder: true,
      tradeInLienholderName: 'Chase Auto',
      tradeInPayoffBalance: 8200,
      hasCosigner: true,
      hasPriorAutoLoan: true,
      isMilitary: true,
      isAaaMember: true,
      isCostcoMember: true,
      isCollegeStudent: true,
      isFirstResponder: true,
      currentlyLeasing: true,
      currentLeaseBrand: 'BMW',
      additionalNotes:
        'Additional trade-ins: #2: 2016 Ford F-150 - 98000 miles, Condition: 2; #3: 2012 Mazda MX-5 - 120500 miles, Condition: 5',
      // The shopper was texted at once, and the approved, licensed agent they picked holds the lead.
      acknowledgement: { channel: 'sms', status: 'sent', at: expect.any(String) },
      assignedBrokerId: agent.userId,
      assignedBrokerName: expect.any(String),
      assignmentHistory: [
        {
          brokerId: agent.userId,
          brokerName: expect.any(String),
          byId: 'leasedesk',
          byName: 'LeaseDesk',
          at: expect.any(String),
          claimed: false,
          automatic: true,
        },
      ],
    });
  });

  it('e-mails every admin and the named agent with a link to the lead', async () => {
    const lastName = `Lead${randomUUID().slice(0, 8)}`;
    const agent = principals.of.otherBroker;

    const answer = await post(exactRequest({ lastName, workingWithBroker: true, brokerId: agent.userId }));

    expect(answer.status).toBe(201);
    const subject = (m: { subject: string }) => m.subject === `New quote request: Jo ${lastName}`;
    const toAdmin = await waitForMail(principals.of.admin.email, subject);
    const toAgent = await waitForMail(agent.email, subject);
    for (const message of [toAdmin, toAgent]) {
      expect(message.body.text).toContain(`${getStack().urls.web}/leads/${idOf(answer)}`);
      expect(message.body.text).toContain('Vehicle: 2025 Toyota RAV4 XLE');
    }
    const toOthers = (await readMailbox()).filter((m) => subject(m) && m.destination.to.includes(principals.of.broker.email));
    expect(toOthers, 'a broker the shopper did not name gets nothing').toEqual([]);
  });

  it('keeps the lead and records that the e-mail is being retried when SES throttles it', async () => {
    // The fault is injected at the SES client (aws-sdk-client-mock); the lead is written to DynamoDB Local.
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Daily message quota exceeded'), { name: 'Throttling' }));
    const log = { info: vi.fn() };
    const body = quoteRequestSchema.parse(exactRequest());

    const { id } = await submitQuoteRequest(
      body,
      {
        data: data(),
        mailer: createMailer(new SESv2Client({}), () => 'leads@leasedesk.com'),
        sms: { sendSms: vi.fn(async () => ({ ok: true as const, messageId: 'text-1' })) },
        appUrl: 'https://app.example',
        log,
      },
      new Date(),
    );

    expect(ses.commandCalls(SendEmailCommand).length).toBeGreaterThan(0);
    expect(await data().quotes.getLead(id)).toMatchObject({
      id,
      email: body.email,
      status: 'new',
      // A quota is temporary: the outbox sends the e-mail later (functions/lib/outbox.ts, test/faults).
      notification: { status: 'retrying', error: 'Throttling: Daily message quota exceeded', at: expect.any(String) },
    });
    ses.restore();
  });
});

describe('POST /quote-requests: abuse', () => {
  it('answers a filled honeypot like a real request, storing nothing and e-mailing no one', async () => {
    const lastName = `Bot${randomUUID().slice(0, 8)}`;

    const answer = await post({ ...exactRequest({ lastName }), website: 'http://spam.example' });

    expect(answer.status).toBe(201);
    expect(idOf(answer)).toMatch(/^[0-9A-Z]{26}$/);
    expect(await data().quotes.getLead(idOf(answer))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await readMailbox()).filter((m) => m.subject.includes(lastName))).toEqual([]);
  });

  it(`refuses a body over ${findRoute('POST /quote-requests')!.maxBodyBytes} bytes with 400 before reading it`, async () => {
    const limit = findRoute('POST /quote-requests')!.maxBodyBytes!;
    const body = exactRequest();
    const padded = JSON.stringify({ ...body, padding: 'x'.repeat(limit) });

    const answer = await postRaw(padded, newSource());

    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 'bad_request', message: 'Request body is too large' });
  });

  it('refuses malformed JSON with 400', async () => {
    const answer = await postRaw('{"firstName": "Jo",', newSource());

    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 'bad_request', message: 'Request body must be valid JSON' });
  });

  it('stores one lead for a submit repeated with the same idempotency key, answering the same id and e-mailing once', async () => {
    const lastName = `Twice${randomUUID().slice(0, 8)}`;
    const body = exactRequest({ lastName });
    const source = newSource();

    const first = await post(body, source);
    const second = await post(body, source);

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(idOf(second)).toBe(idOf(first));
    await waitForMail(principals.of.admin.email, (m) => m.subject.includes(lastName));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = (await readMailbox()).filter(
      (m) => m.subject.includes(lastName) && m.destination.to.includes(principals.of.admin.email),
    );
    expect(mails).toHaveLength(1);
  });

  it('stores one lead when the same submit arrives five times at once', async () => {
    const body = exactRequest();
    const source = newSource();

    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, source)));

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map(idOf));
    expect(ids.size).toBe(1);
    expect(await data().quotes.getLead([...ids][0]!)).toMatchObject({ email: body.email });
  });

  it(`refuses a source over ${findRoute('POST /quote-requests')!.sourceLimit!.requests} requests in a window with 429`, async () => {
    const { requests } = findRoute('POST /quote-requests')!.sourceLimit!;
    const source = newSource();
    for (let i = 0; i < requests; i++) await postRaw('{}', source);

    const refused = await post(exactRequest(), source);

    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_requests');
  });
});

/** A marketplace listing of its own (other suites may archive or sell out the shared ones), or a variant of it. */
async function listing(overrides: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase();
  await data().deals.create(
    {
      id,
      stockNumber: `RESERVE-${id}`,
      dealershipId: principals.records.dealership,
      brokerId: principals.of.broker.userId,
      year: 2025,
      make: 'Honda',
      model: 'Civic',
      trim: 'Sport',
      dealType: 'lease',
      status: 'available',
      monthlyPayment: 289,
      downPayment: 2000,
      termMonths: 36,
      availableStock: 1,
      isArchived: false,
      creditAppFormType: 'generic',
      ...overrides,
    } as never,
    new Date(),
  );
  return id;
}

describe('GET /quote-vehicles/{id}', () => {
  it('answers a marketplace vehicle with what its trending card shows, and no more', async () => {
    const id = await listing();

    const answer = await apiFetch<QuoteVehicleResponse>(`/quote-vehicles/${id}`);

    expect(answer.status).toBe(200);
    expectResponseKeys(
      answer.body,
      {
        vehicle: {
          id: true,
          year: true,
          make: true,
          model: true,
          trim: true,
          imageUrl: true,
          monthlyPayment: true,
          termMonths: true,
          downPayment: true,
        },
      },
      'GET /quote-vehicles/{id}',
    );
    expect(answer.body.vehicle).toMatchObject({
      id,
      year: 2025,
      make: 'Honda',
      model: 'Civic',
      trim: 'Sport',
      monthlyPayment: 289,
    });
  });

  it('is a 404 for an unknown id, an archived or sold-out listing and a client deal, like any id that is no marketplace vehicle', async () => {
    const refused = [
      '01NOSUCHVEHICLE0000000000',
      await listing({ isArchived: true }),
      await listing({ availableStock: 0 }),
      principals.records.consumerDeal,
    ];
    for (const id of refused) {
      const answer = await apiFetch<ApiErrorBody>(`/quote-vehicles/${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.body.error.message).toBe(QUOTE_VEHICLE_NOT_FOUND_MESSAGE);
    }
  });
});

describe('POST /quote-requests: a reserved vehicle', () => {
  const leadAsAdmin = (id: string) => apiFetch<LeadDetail>(`/leads/${id}`, { token: principals.tokenOf('admin') });

  it('names the marketplace vehicle the shopper reserved on the lead and in the new-lead e-mail', async () => {
    const id = await listing();

    const answer = await post(exactRequest({ vehicleId: id }));

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const lead = await leadAsAdmin(idOf(answer));
    expect(lead.body.reservedVehicle).toEqual({ id, name: '2025 Honda Civic Sport' });
    const admin = principals.of.admin.email;
    const mail = await waitForMail(admin, (message) => (message.body.text ?? '').includes(`/leads/${idOf(answer)}`));
    expect(mail.body.text).toContain('Reserved from the trending deals: 2025 Honda Civic Sport');
  });

  it('stores the lead without a vehicle for an id that is no marketplace vehicle', async () => {
    for (const vehicleId of ['01NOSUCHVEHICLE0000000000', await listing({ isArchived: true }), principals.records.consumerDeal]) {
      const answer = await post(exactRequest({ vehicleId }));

      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect((await leadAsAdmin(idOf(answer))).body.reservedVehicle).toBeNull();
    }
  });
});

describe('GET /quote-agents', () => {
  it('lists the approved brokers (not the pending one) by full name, id and name only, cacheable', async () => {
    const answer = await apiFetch<QuoteAgentsResponse>('/quote-agents');

    expect(answer.status).toBe(200);
    expectResponseKeys(answer.body, { agents: [{ id: true, fullName: true }] }, 'GET /quote-agents');
    const ids = answer.body.agents.map((agent) => agent.id);
    expect(ids).toEqual(expect.arrayContaining([principals.of.broker.userId, principals.of.otherBroker.userId]));
    expect(ids).not.toContain(principals.of.pendingBroker.userId);
    const names = answer.body.agents.map((agent) => agent.fullName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });
});

describe('GET /openapi.json', () => {
  it('serves the public API document with the address it was asked at', async () => {
    const answer = await apiFetch<{ openapi: string; paths: Record<string, unknown>; servers: { url: string }[] }>(
      '/openapi.json',
    );

    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(Object.keys(answer.body.paths)).toContain('/quote-requests');
    expect(answer.body.servers).toEqual([{ url: getStack().urls.api.replace(/\/+$/, '') }]);
  });
});
