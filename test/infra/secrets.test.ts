/**
 * The functions that read secrets (credit-applications: the e-signature webhook secret; payments: Stripe's API key
 * and webhook signing secret): each secret is named in the environment, never its value, read through the
 * Parameters and Secrets extension, and readable by that function only. The e-signature form URLs come from context.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURES } from '@shared/api/routes';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

const FORM = 'https://sign.example.com/forms/credit?embed=true';
const api = templateOf(
  buildApp({ context: { stage: 'dev', creditAppFormUrl: FORM, creditAppFormUrlMbfs: 'https://mbfs.example.com/form' } }).stacks
    .api,
);

function functionNamed(template: Template, name: string) {
  const [fn] = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { FunctionName: name } }));
  if (!fn) throw new Error(`No function ${name}`);
  return fn.Properties as { Environment: { Variables: Record<string, unknown> }; Layers?: unknown[] };
}

/** The resources of every GetSecretValue grant on the role of `functionName`. */
function secretGrantsOf(template: Template, functionName: string): string[] {
  const roleId = logicalIdOf(template, 'AWS::IAM::Role', { Description: `Execution role of ${functionName}` });
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(JSON.stringify({ Ref: roleId })))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
    .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))
    .map((statement) => JSON.stringify(statement.Resource));
}

describe('secrets of the credit-applications and payments functions', () => {
  it('name each secret in the environment (never a value) and read it through the extension layer', () => {
    const credit = functionNamed(api, 'leasedesk-dev-credit-applications');
    const payments = functionNamed(api, 'leasedesk-dev-payments');

    expect(credit.Environment.Variables).toMatchObject({
      E_SIGNATURE_WEBHOOK_SECRET_ID: 'leasedesk/dev/e-signature-webhook-secret',
    });
    expect(payments.Environment.Variables).toMatchObject({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY_ID: 'leasedesk/dev/stripe-secret-key',
      STRIPE_WEBHOOK_SECRET_ID: 'leasedesk/dev/stripe-webhook-secret',
    });
    for (const fn of [credit, payments]) {
      expect(Object.keys(fn.Environment.Variables)).not.toContain('STRIPE_SECRET_KEY');
      expect(Object.keys(fn.Environment.Variables)).not.toContain('E_SIGNATURE_WEBHOOK_SECRET');
      // The extension's ARN differs per region: CDK looks it up in its own region mapping.
      expect(JSON.stringify(fn.Layers)).toMatch(/Paramsandsecrets/i);
    }
  });

  it('let each function read only its own secrets, and no other function any', () => {
    const credit = secretGrantsOf(api, 'leasedesk-dev-credit-applications');
    const payments = secretGrantsOf(api, 'leasedesk-dev-payments');

    expect(credit.join()).toMatch(/secret:leasedesk\/dev\/e-signature-webhook-secret-\?\?\?\?\?\?/);
    expect(credit.join()).not.toMatch(/stripe/);
    expect(payments.join()).toMatch(/secret:leasedesk\/dev\/stripe-secret-key-\?\?\?\?\?\?/);
    expect(payments.join()).toMatch(/secret:leasedesk\/dev\/stripe-webhook-secret-\?\?\?\?\?\?/);
    expect(payments.join()).not.toMatch(/e-signature/);
    for (const feature of FEATURES.filter((f) => f !== 'credit-applications' && f !== 'payments')) {
      expect(secretGrantsOf(api, `leasedesk-dev-${feature}`), feature).toEqual([]);
    }
  });

  it('give the credit-applications function the form URL of each type from context', () => {
    expect(functionNamed(api, 'leasedesk-dev-credit-applications').Environment.Variables).toMatchObject({
      CREDIT_APP_FORM_URL_MBFS: 'https://mbfs.example.com/form',
      CREDIT_APP_FORM_URL_BMWFS: FORM,
      CREDIT_APP_FORM_URL_GENERIC: FORM,
    });
    expect(() => buildApp({ context: { stage: 'dev', creditAppFormUrl: 'http://insecure.example.com' } })).toThrow(
      /must be https/,
    );
  });

  it.each(['dev', 'prod'])('refuse a %s stage without a form at synth, naming the context value to set', (stage) => {
    expect(() => buildApp({ context: { stage, creditAppFormUrl: undefined } })).toThrow(
      `Context "creditAppFormUrl" is required: stage "${stage}" has no e-signature form for the mbfs, bmwfs, generic credit application form type(s).`,
    );
    expect(() =>
      buildApp({ context: { stage, creditAppFormUrl: undefined, creditAppFormUrlMbfs: 'https://mbfs.example.com/form' } }),
    ).toThrow(/"creditAppFormUrl" is required: .* for the bmwfs, generic credit application form type/);
  });

  it('accept a stage whose three form types each have their own form instead', () => {
    const perType = buildApp({
      context: {
        stage: 'prod',
        creditAppFormUrl: undefined,
        creditAppFormUrlMbfs: 'https://mbfs.example.com/form',
        creditAppFormUrlBmwfs: 'https://bmwfs.example.com/form',
        creditAppFormUrlGeneric: 'https://generic.example.com/form',
      },
    });

    expect(perType.stacks.config.creditAppFormUrls).toEqual({
      mbfs: 'https://mbfs.example.com/form',
      bmwfs: 'https://bmwfs.example.com/form',
      generic: 'https://generic.example.com/form',
    });
  });
});
