/**
 * Outside services failing under a request (docs/architecture.md, "Faults: outside services failing"): DynamoDB
 * throttling past the SDK's retries, transactions cancelled for conflicts, S3 refusing to copy an upload, the payment
 * provider not answering. Each through the real code path in this process (the feature's Lambda handler, or its service
 * with its own stores and provider), the fault injected on the SDK client (or, for Stripe, a host that never answers).
 * Each checks what the user is told (a 503 naming what is unavailable, or a 409, never an opaque 500), that nothing was
 * half-written (read back from DynamoDB Local), and that the same request succeeds once the service is back.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import { CopyObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as clientsHandler } from '@functions/clients/handler';
import { handler as creditApplicationsHandler } from '@functions/credit-applications/handler';
import { createData } from '@infra/data/create-data';
import { setAgreementRequired } from '@test/support/agreement';
import { config } from '@functions/lib/config';
import { stripeCheckoutProvider } from '@functions/lib/payments/stripe';
import {
  CONCURRENT_WRITE_MESSAGE,
  DependencyUnavailableError,
  outsideServiceError,
  UNAVAILABLE_MESSAGES,
} from '@functions/lib/unavailable';
import { handler as marketplaceHandler } from '@functions/marketplace/handler';
import { createConciergePayment } from '@functions/payments/payments';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { pendingDealImageKey } from '@shared/uploads/keys';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { awsError, invokeRoute, storedItem, tableFaults } from './support';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const uniqueEmail = () => `fault.${randomUUID().slice(0, 8)}@example.com`;
const newClient = (email: string) => ({ fullName: 'Faye Fault', email, phone: '+14155550123' });
const postClient = (email: string) =>
  invokeRoute<ClientView & ApiErrorBody>(clientsHandler, 'POST /clients', {
    principals,
    caller: 'broker',
    body: newClient(email),
  });
/** What a client's creation writes first: its unique e-mail claim (functions/domain/clients/clients.ts). */
const emailClaim = (email: string) => storedItem(`CLIENTEMAIL#${email}`, 'CLIENTEMAIL');

describe('DynamoDB throttling past the SDK retries', () => {
  const table = () => tableFaults();
  let faults: ReturnType<typeof table>;
  beforeAll(() => {
    faults = table();
  });
  afterAll(() => faults.restore());

  it('answers 503 "LeaseDesk is busy" with Retry-After, writes nothing, and the same request works afterwards', async () => {
    const email = uniqueEmail();
    faults
      .on(TransactWriteCommand)
      .rejectsOnce(
        awsError('ProvisionedThroughputExceededException', 'The level of configured provisioned throughput was exceeded'),
      );

    const refused = await postClient(email);

    expect(refused.status).toBe(503);
    expect(refused.body.error).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGES.table });
    expect(refused.headers['retry-after']).toBe('5');
    expect(await emailClaim(email), 'no half-written client: its e-mail is not claimed').toBeUndefined();

    const retried = await postClient(email);

    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(await createData().clients.get(retried.body.id)).toMatchObject({ email });
  });
});

describe('transactions cancelled by DynamoDB', () => {
  let faults: ReturnType<typeof tableFaults>;
  beforeAll(() => {
    faults = tableFaults();
  });
  afterEach(() => {
    faults.reset().send.callThrough();
  });
  afterAll(() => faults.restore());

  const conflict = () =>
    new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]',
      $metadata: { httpStatusCode: 400 },
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
    });

  it('retries a transaction conflict by itself: the user never sees it', async () => {
    const email = uniqueEmail();
    faults.on(TransactWriteCommand).rejectsOnce(conflict());

    const created = await postClient(email);

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await emailClaim(email)).toBeDefined();
  });

  it('answers 409 "someone else is saving this" when the conflict outlasts the retries, with nothing written', async () => {
    const email = uniqueEmail();
    faults.on(TransactWriteCommand).rejects(conflict());

    const refused = await postClient(email);

    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'conflict', message: CONCURRENT_WRITE_MESSAGE });
    expect(await emailClaim(email)).toBeUndefined();
  });
});

describe('S3 refusing to copy an uploaded image when a vehicle is saved', () => {
  const s3 = mockClient(S3Client);
  afterAll(() => s3.restore());

  it('answers 503 "File storage is unavailable" and saves no vehicle (its stock number stays free)', async () => {
    s3.on(CopyObjectCommand).rejects(awsError('SlowDown', 'Please reduce your request rate.', 503));
    const stockNumber = `FLT-${randomUUID().slice(0, 8)}`;
    const imageUrl = `${config.dealImagesUrl}/${pendingDealImageKey(randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(), 'jpg')}`;

    const refused = await invokeRoute<ApiErrorBody>(marketplaceHandler, 'POST /marketplace/vehicles', {
      principals,
      caller: 'broker',
      body: {
        stockNumber,
        year: 2026,
        make: 'Toyota',
        model: 'RAV4',
        monthlyPayment: 399,
        termMonths: 36,
        availableStock: 1,
        // Plausible: within the 2 years a vehicle may be listed for (shared/marketplace/schemas.ts).
        expirationDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
        imageUrl,
        dealershipId: principals.records.dealership,
      },
    });

    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.error).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGES.storage });
    expect(s3.commandCalls(CopyObjectCommand)).toHaveLength(1);
    expect(await createData().deals.idByStockNumber(stockNumber)).toBeNull();
  });
});

describe('the payment provider not answering', () => {
  let silent: Server;
  beforeAll(async () => {
    // The provider's failure, not the signed agreement before it (docs/decisions.md, "Agreements").
    await setAgreementRequired(false);
    // Accepts connections and never answers: Stripe's API timing out.
    silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await once(silent, 'listening');
  });
  afterAll(async () => {
    silent.close();
    await setAgreementRequired(true);
  });

  it('answers 503 "The payment provider is not responding" within the client timeout, and marks nothing on the deal', async () => {
    const created = await apiFetch<DealView>('/deals', {
      token: principals.tokenOf('admin'),
      body: {
        year: 2026,
        make: 'Audi',
        model: 'Q5',
        monthlyPayment: 649,
        downPayment: 1999,
        termMonths: 36,
        mileageAllowance: 10000,
        apr: 3.1,
        clientId: principals.records.consumerClient,
        dealershipId: principals.records.dealership,
        status: 'active',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const finalized = await apiFetch<DealView>(`/deals/${created.body.id}`, {
      token: principals.tokenOf('admin'),
      method: 'PATCH',
      body: { ...created.body, status: 'finalized', conciergeFee: 500 },
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    const port = (silent.address() as { port: number }).port;
    const stripe = new Stripe('sk_test_faults', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      timeout: 300,
      maxNetworkRetries: 1,
    });
    const consumer = { userId: principals.of.consumer.userId, email: principals.of.consumer.email, role: 'consumer' as const };
    const started = Date.now();

    const failure = await createConciergePayment(
      consumer,
      created.body.id,
      createData(),
      stripeCheckoutProvider('sk_test_faults', stripe),
      'https://app.example',
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(DependencyUnavailableError);
    const answer = outsideServiceError(failure);
    expect([answer?.status, answer?.message]).toEqual([503, UNAVAILABLE_MESSAGES.payments]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const deal = await createData().deals.get(created.body.id);
    expect(deal).toMatchObject({ status: 'finalized', conciergeFee: 500 });
    expect(deal?.conciergeFeePaid ?? false).toBe(false);
  });
});

describe('the secret store not answering the e-signature webhook', () => {
  let silent: Server;
  const saved = process.env.E_SIGNATURE_WEBHOOK_SECRET_ID;
  beforeAll(async () => {
    // In AWS the webhook's signing key is read through the Parameters and Secrets extension on localhost:2773; here
    // something listens there and never answers.
    silent = createServer(() => undefined).listen(2773);
    await once(silent, 'listening');
    process.env.E_SIGNATURE_WEBHOOK_SECRET_ID = 'leasedesk/test/e-signature-webhook-secret';
  });
  afterAll(() => {
    silent.close();
    if (saved === undefined) delete process.env.E_SIGNATURE_WEBHOOK_SECRET_ID;
    else process.env.E_SIGNATURE_WEBHOOK_SECRET_ID = saved;
  });

  it('answers 503 within the read timeout, so the provider delivers again later; nothing is read or marked', async () => {
    const started = Date.now();

    const answer = await invokeRoute<ApiErrorBody>(creditApplicationsHandler, 'POST /webhooks/e-signature', {
      principals,
      caller: 'broker',
      body: { id: 'evt_1', type: 'application.completed', timestamp: Math.floor(Date.now() / 1000), token: 'x'.repeat(22) },
    });

    expect(answer.status).toBe(503);
    expect(answer.body.error).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGES.secrets });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
