import { describe, expect, it } from 'vitest';
import type { DeployedFunction } from './assembly';
import { artifactEnvironment, type ServiceEndpoints } from './environment';

const fn = (environment: Record<string, string>): DeployedFunction => ({
  name: 'leasedesk-dev-payments',
  stackName: 'leasedesk-dev-api',
  logicalId: 'Payments',
  assetDir: '/cdk.out/asset.abc',
  handler: 'index.handler',
  timeoutSeconds: 10,
  memoryMb: 512,
  environment,
  statements: [],
});
const endpoints: ServiceEndpoints = {
  dynamodb: 'http://d',
  s3: 'http://s',
  sesv2: 'http://e',
  cognito: 'http://c',
  sns: 'http://n/sns',
};
const local = {
  TABLE_NAME: 'leasedesk-local',
  APP_URL: 'http://localhost:5173',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
  PAYMENT_PROVIDER: 'local',
  LOCAL_CHECKOUT_URL: 'http://localhost:3001/_local/payments/checkout',
  LOCAL_CHECKOUT_SECRET: 'local-checkout-secret',
  USER_POOL_ID: 'us-east-1_LeaseDesk1',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('artifactEnvironment: only what the template declares, valued for the local stack', () => {
  it('gives a declared variable its local value and leaves out local variables the template does not declare', () => {
    const env = artifactEnvironment(
      fn({ TABLE_NAME: 'leasedesk-dev', APP_URL: 'https://dev.app' }),
      local,
      endpoints,
      'us-east-1',
    );
    expect(env.TABLE_NAME).toBe('leasedesk-local');
    expect(env.APP_URL).toBe('http://localhost:5173');
    expect(env).not.toHaveProperty('USER_POOL_ID');
  });

  it('keeps a declared value the local stack has no replacement for', () => {
    const env = artifactEnvironment(fn({ SERVICE_NAME: 'payments' }), local, endpoints, 'us-east-1');
    expect(env.SERVICE_NAME).toBe('payments');
  });

  it("turns a secret's id into the local development value, and keeps the id when there is none", () => {
    const env = artifactEnvironment(
      fn({
        STRIPE_WEBHOOK_SECRET_ID: 'leasedesk/dev/stripe-webhook-secret',
        STRIPE_SECRET_KEY_ID: 'leasedesk/dev/stripe-secret-key',
      }),
      local,
      endpoints,
      'us-east-1',
    );
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_local');
    expect(env).not.toHaveProperty('STRIPE_WEBHOOK_SECRET_ID');
    expect(env.STRIPE_SECRET_KEY_ID).toBe('leasedesk/dev/stripe-secret-key');
  });

  it('brings the local checkout page and its session secret along with a declared payment provider', () => {
    const env = artifactEnvironment(fn({ PAYMENT_PROVIDER: 'stripe' }), local, endpoints, 'us-east-1');
    expect(env).toMatchObject({
      PAYMENT_PROVIDER: 'local',
      LOCAL_CHECKOUT_URL: local.LOCAL_CHECKOUT_URL,
      LOCAL_CHECKOUT_SECRET: local.LOCAL_CHECKOUT_SECRET,
    });
    expect(artifactEnvironment(fn({}), local, endpoints, 'us-east-1')).not.toHaveProperty('LOCAL_CHECKOUT_SECRET');
  });

  it("adds what Lambda sets and the emulators' wiring", () => {
    const env = artifactEnvironment(fn({}), local, endpoints, 'us-east-1');
    expect(env).toMatchObject({
      AWS_REGION: 'us-east-1',
      AWS_LAMBDA_FUNCTION_NAME: 'leasedesk-dev-payments',
      LAMBDA_TASK_ROOT: '/cdk.out/asset.abc',
      _HANDLER: 'index.handler',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://d',
      AWS_ENDPOINT_URL_SNS: 'http://n/sns',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
});
