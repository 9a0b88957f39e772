/**
 * The public lease calculator through the local API (docs/lease-math.md; docs/decisions.md, "Lease"): the worked
 * examples priced to the cent with exactly the quote's keys, every kind of refused input answered 400 naming its
 * field, the body limit and malformed JSON, and the per-source limit.
 *
 * POST /lease/calculate counts requests per source address (route table `sourceLimit`), so each test posts from its
 * own loopback address (127.0.x.y) and keeps its own allowance.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { rateWindow } from '@functions/lib/rate-limit';
import { findRoute } from '@shared/api/routes';
import type { ApiErrorBody } from '@shared/errors';
import type { CalculateLeaseRequest, CalculateLeaseResponse } from '@shared/lease/api';
import { LEASE_MESSAGES } from '@shared/lease/schemas';
import { loadPrincipals } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { getStack } from '@test/support/stack';

const ROUTE = findRoute('POST /lease/calculate')!;

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** A loopback address of its own for each test (see the header). */
const newSource = () => `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`;

/** POSTs raw text to /lease/calculate from `source`, with a bearer token when given. */
function postRaw(text: string, source: string, token?: string): Promise<Answer> {
  const url = new URL('/lease/calculate', getStack().urls.api);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: source,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
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
const quoteOf = (answer: Answer) => answer.body as CalculateLeaseResponse;

/** The worked examples' car (docs/lease-math.md). */
const car = {
  msrp: 23_000,
  residualPercent: 57,
  sellingPrice: 21_000,
  capitalizedFees: 1_200,
  moneyFactor: 0.00125,
  termMonths: 36,
  taxRatePercent: 10.25,
} satisfies CalculateLeaseRequest;

describe('POST /lease/calculate: the worked examples', () => {
  it('prices a 500 rebate with no down at 282.12 base and 311.04 with tax, answering exactly the quote', async () => {
    const answer = await post({ ...car, rebates: 500 });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      residualValue: 13_110,
      grossCapCost: 22_200,
      capCostReduction: 500,
      adjustedCapCost: 21_700,
      depreciation: 238.61,
      rentCharge: 43.51,
      basePayment: 282.12,
      monthlyTax: 28.92,
      monthlyPayment: 311.04,
      upfrontTax: 0,
      driveOff: 311.04,
      totalOfPayments: 11_197.44,
      effectiveApr: 3,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('prices 1,700 down with no rebate at 247.29 base and 272.64 with tax', async () => {
    const answer = await post({ ...car, cashDown: 1_700 });

    expect(answer.status).toBe(200);
    expect(quoteOf(answer)).toMatchObject({ basePayment: 247.29, monthlyPayment: 272.64 });
  });

  it('reads APR 3 as money factor 0.00125', async () => {
    const { moneyFactor: _moneyFactor, ...withoutMoneyFactor } = car;

    const answer = await post({ ...withoutMoneyFactor, apr: 3, rebates: 500 });

    expect(quoteOf(answer)).toMatchObject({ basePayment: 282.12, effectiveApr: 3 });
  });

  it('answers a signed-in caller the same quote, with the keys of a quote only', async () => {
    const principals = await loadPrincipals();

    const answer = await postRaw(
      JSON.stringify({ ...car, rebates: 500, brokerFee: 999 }),
      newSource(),
      principals.tokenOf('broker'),
    );

    expect(answer.status).toBe(200);
    expectResponseKeys(
      answer.body,
      {
        residualValue: true,
        grossCapCost: true,
        capCostReduction: true,
        adjustedCapCost: true,
        depreciation: true,
        rentCharge: true,
        basePayment: true,
        monthlyTax: true,
        monthlyPayment: true,
        upfrontTax: true,
        driveOff: true,
        totalOfPayments: true,
        effectiveApr: true,
      },
      'POST /lease/calculate',
    );
    expect(quoteOf(answer).monthlyPayment).toBe(311.04);
  });
});

describe('POST /lease/calculate: lender programs (docs/lease-math.md)', () => {
  it('prices a one-pay lease: the whole lease at signing, no monthly payment', async () => {
    const answer = await post({ ...car, rebates: 500, onePay: true });

    expect(answer.status).toBe(200);
    // 36 x 282.12 + 36 x 28.92 tax at signing.
    expect(quoteOf(answer)).toMatchObject({ onePayAmount: 11_197.44, monthlyPayment: 0, driveOff: 11_197.44 });
    expect(answer.body).not.toHaveProperty('securityDepositEach');
  });

  it('prices deposits by program rule: the payment with tax rounded up to $50, and answers them', async () => {
    const answer = await post({ ...car, securityDeposits: { count: 7, moneyFactorReductionEach: 0.00007, roundUpTo: 50 } });

    expect(answer.status).toBe(200);
    expect(quoteOf(answer)).toMatchObject({
      monthlyPayment: 307.97,
      securityDepositEach: 350,
      securityDepositTotal: 2_450,
      driveOff: 2_757.97,
    });
    expect(answer.body).not.toHaveProperty('onePayAmount');
  });

  it('taxes a taxable fee paid at signing', async () => {
    const answer = await post({
      ...car,
      rebates: 500,
      fees: [{ name: 'Doc fee', amount: 300, capitalized: false, taxable: true }],
    });

    expect(answer.status).toBe(200);
    expect(quoteOf(answer)).toMatchObject({ upfrontTax: 30.75, driveOff: 641.79 });
  });
});

describe('POST /lease/calculate: refused input is a 400 naming the field', () => {
  const { moneyFactor: _moneyFactor, ...withoutRate } = car;
  // [the rule, the request, the field, the message]
  const RULES: [string, unknown, string, string][] = [
    ['the term is not negative', { ...car, termMonths: -36 }, 'termMonths', LEASE_MESSAGES.term],
    ['the residual is at most 100%', { ...car, residualPercent: 101 }, 'residualPercent', LEASE_MESSAGES.residual],
    ['the money factor is at most 0.01', { ...car, moneyFactor: 0.0125 }, 'moneyFactor', LEASE_MESSAGES.moneyFactor],
    ['a number is a number, not "NaN"', { ...car, msrp: 'NaN' }, 'msrp', 'Invalid number'],
    ['MSRP is required', { ...car, msrp: undefined }, 'msrp', LEASE_MESSAGES.required('MSRP')],
    ['a rate is required', withoutRate, 'moneyFactor', LEASE_MESSAGES.rateRequired],
    ['one rate, not two', { ...car, apr: 3 }, 'apr', LEASE_MESSAGES.rateTwice],
    ['a known tax method', { ...car, taxMethod: 'yearly' }, 'taxMethod', LEASE_MESSAGES.taxMethod],
    [
      'a deposit count from 0 to 10',
      { ...car, securityDeposits: { count: 11, amountEach: 300, moneyFactorReductionEach: 0.00007 } },
      'securityDeposits.count',
      LEASE_MESSAGES.depositCount,
    ],
    [
      'a deposit count that is not negative',
      { ...car, securityDeposits: { count: -1, amountEach: 300, moneyFactorReductionEach: 0.00007 } },
      'securityDeposits.count',
      LEASE_MESSAGES.depositCount,
    ],
    [
      'a money factor reduction that is a number',
      { ...car, securityDeposits: { count: 4, roundUpTo: 50, moneyFactorReductionEach: 'lots' } },
      'securityDeposits.moneyFactorReductionEach',
      'Invalid number',
    ],
    [
      'a deposit amount or a rounding rule, not both',
      { ...car, securityDeposits: { count: 4, amountEach: 300, roundUpTo: 50, moneyFactorReductionEach: 0.00007 } },
      'securityDeposits.roundUpTo',
      LEASE_MESSAGES.depositAmountTwice,
    ],
    [
      'a fee with a name',
      { ...car, fees: [{ amount: 300, capitalized: false, taxable: true }] },
      'fees.0.name',
      LEASE_MESSAGES.feeName,
    ],
    [
      'a fee that says whether it is capitalized',
      { ...car, fees: [{ name: 'Doc fee', amount: 300, taxable: true }] },
      'fees.0.capitalized',
      LEASE_MESSAGES.feeFlag('capitalized'),
    ],
    [
      'a one-pay lease without zero drive-off',
      { ...car, onePay: true, zeroDriveOff: true },
      'zeroDriveOff',
      LEASE_MESSAGES.onePayZeroDriveOff,
    ],
    [
      'no cash down with zero drive-off',
      { ...car, zeroDriveOff: true, cashDown: 500 },
      'cashDown',
      LEASE_MESSAGES.zeroDriveOffCashDown,
    ],
    ['a cash down below the cap cost', { ...car, cashDown: 25_000 }, 'cashDown', LEASE_MESSAGES.capCostReduction],
    [
      'deposits that leave the money factor at 0 or more',
      { ...car, securityDeposits: { count: 10, amountEach: 300, moneyFactorReductionEach: 0.0002 } },
      'securityDeposits.moneyFactorReductionEach',
      LEASE_MESSAGES.depositsBelowZero,
    ],
    [
      'a mileage that keeps the residual within 100%',
      { ...car, residualPercent: 99, milesPerYear: 2_000, residualAdjustmentPer1000Miles: 1 },
      'milesPerYear',
      LEASE_MESSAGES.adjustedResidual,
    ],
    [
      'a payment above $0',
      { ...car, moneyFactor: 0, residualPercent: 100 },
      'residualPercent',
      LEASE_MESSAGES.paymentNotPositive,
    ],
  ];

  it.each(RULES)('%s', async (_rule, body, field, message) => {
    const answer = await post(body);

    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'bad_request', message, fields: { [field]: message } });
  });

  it('refuses a NaN literal, which is not JSON, as malformed JSON', async () => {
    const answer = await postRaw('{"msrp": NaN}', newSource());

    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 'bad_request', message: 'Request body must be valid JSON' });
  });

  it(`refuses a body over ${ROUTE.maxBodyBytes} bytes before reading it`, async () => {
    const answer = await post({ ...car, padding: 'x'.repeat(ROUTE.maxBodyBytes!) });

    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toBe('Request body is too large');
  });
});

describe('POST /lease/calculate: per-source limit', () => {
  const limit = ROUTE.sourceLimit!;

  it(`answers ${limit.requests} requests of a source in a window and refuses the next with 429, sparing other sources`, async () => {
    // All in one counting window (same clock as the local API): start a fresh one when less than 40 s are left. The
    // burst starts new function environments as Lambda would, which on a busy machine took over 20 s.
    const { retryAfterSeconds } = rateWindow(limit, new Date());
    if (retryAfterSeconds < 40) await new Promise((resolve) => setTimeout(resolve, retryAfterSeconds * 1000 + 200));
    const window = rateWindow(limit, new Date()).startSeconds;
    const flooder = newSource();

    const answers = await Promise.all(Array.from({ length: limit.requests }, () => postRaw('{}', flooder)));
    const refused = await post({ ...car, rebates: 500 }, flooder);
    const other = await post({ ...car, rebates: 500 });

    // The premise: the burst fitted in one window (else its counts are split, and nothing below could hold).
    expect(rateWindow(limit, new Date()).startSeconds, 'the burst outlasted its counting window').toBe(window);
    // The allowed ones reach validation (an empty body is a 400); the limit is counted before it.
    expect(answers.map((answer) => answer.status)).toEqual(Array(limit.requests).fill(400));
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(other.status).toBe(200);
  }, 60_000);
});
