/**
 * The functions' environment, read lazily: a function only fails for a variable it actually uses, and the
 * failure names the variable instead of surfacing later as an SDK error about an `undefined` table or bucket.
 * The names are the same in AWS (set by CDK) and locally (set by the local stack).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** The credit application form types (shared/deals/enums.ts), spelled here to keep this module free of imports. */
type FormType = 'mbfs' | 'bmwfs' | 'generic';

/**
 * A secret as the environment names it: in AWS the id of a Secrets Manager secret (read at run time through the
 * Parameters and Secrets extension, see secrets.ts; the value never sits in the function's configuration), locally
 * the value itself.
 */
export type SecretSource = { secretId: string } | { value: string };

function secret(env: Env, name: string): SecretSource {
  const secretId = optional(env, `${name}_ID`);
  if (secretId) return { secretId };
  return { value: required(env, name) };
}

function required(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`Missing required environment variable ${name}`);
  return value;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export interface Config {
  readonly tableName: string;
  readonly dealImagesBucket: string;
  /** Where a deal image key is served from, without a trailing slash: CloudFront's /deal-images in AWS, s3rver locally. */
  readonly dealImagesUrl: string;
  readonly brokerPhotosBucket: string;
  readonly brokerLicencesBucket: string;
  /** The web app's bucket, where the rank-trending job writes the trending embed's page (docs/decisions.md, "Public pages"). */
  readonly siteBucket: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Without "@", e.g. leasedesk.com. */
  readonly companyEmailDomain: string;
  readonly mailFrom: string;
  readonly appUrl: string;
  /** Locally only: s3rver wants path-style URLs. */
  readonly s3ForcePathStyle: boolean;
  /** Locally only: see architecture.md, s3rver stores streamed uploads with chunk framing otherwise. */
  readonly s3ChecksumWhenRequired: boolean;
  /** Locally only: s3rver has its own fixed credentials, different from DynamoDB Local's. */
  readonly s3Credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The embedded e-signature form per credit application form type (docs/operations.md). */
  readonly creditApplicationFormUrls: Readonly<Record<FormType, string>>;
  /** The HMAC key the e-signature provider signs its webhooks with. */
  readonly eSignatureWebhookSecret: SecretSource;
  /** `stripe` in AWS; `local` for the local stack's checkout page (functions/lib/payments). */
  readonly paymentProvider: 'stripe' | 'local';
  /** Stripe's API secret key (only the stripe provider uses it). */
  readonly stripeSecretKey: SecretSource;
  /** The signing secret of the Stripe webhook endpoint (`whsec_...`); the local checkout page signs with it too. */
  readonly stripeWebhookSecret: SecretSource;
  /** Locally only: the local checkout page of the API server. */
  readonly localCheckoutUrl: string;
  /** Locally only: the HMAC key the local payment provider signs its checkout sessions with (random per stack start). */
  readonly localCheckoutSecret: string;
  /**
   * How long a container keeps the company settings it read (seconds, default 30; docs/security.md, "Ownership").
   * The local stack sets 0: one process serves every function there, and a switch applies at the next request.
   */
  readonly companySettingsMaxAgeSeconds: number;
}

/** A view over `env` (process.env by default) whose getters read and check each variable on access. */
export function readConfig(env: Env = process.env): Config {
  return {
    get tableName() {
      return required(env, 'TABLE_NAME');
    },
    get dealImagesBucket() {
      return required(env, 'DEAL_IMAGES_BUCKET');
    },
    get dealImagesUrl() {
      return required(env, 'DEAL_IMAGES_URL').replace(/\/+$/, '');
    },
    get brokerPhotosBucket() {
      return required(env, 'BROKER_PHOTOS_BUCKET');
    },
    get brokerLicencesBucket() {
      return required(env, 'BROKER_LICENCES_BUCKET');
    },
    get siteBucket() {
      return required(env, 'SITE_BUCKET');
    },
    get userPoolId() {
      return required(env, 'USER_POOL_ID');
    },
    get userPoolClientId() {
      return required(env, 'USER_POOL_CLIENT_ID');
    },
    get companyEmailDomain() {
      return required(env, 'COMPANY_EMAIL_DOMAIN').replace(/^@/, '').toLowerCase();
    },
    get mailFrom() {
      return required(env, 'MAIL_FROM');
    },
    get appUrl() {
      return required(env, 'APP_URL').replace(/\/+$/, '');
    },
    get s3ForcePathStyle() {
      return optional(env, 'S3_FORCE_PATH_STYLE') === 'true';
    },
    get s3ChecksumWhenRequired() {
      return optional(env, 'AWS_REQUEST_CHECKSUM_CALCULATION') === 'WHEN_REQUIRED';
    },
    get s3Credentials() {
      const accessKeyId = optional(env, 'S3_ACCESS_KEY_ID');
      const secretAccessKey = optional(env, 'S3_SECRET_ACCESS_KEY');
      return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
    },
    get creditApplicationFormUrls() {
      return {
        mbfs: required(env, 'CREDIT_APP_FORM_URL_MBFS'),
        bmwfs: required(env, 'CREDIT_APP_FORM_URL_BMWFS'),
        generic: required(env, 'CREDIT_APP_FORM_URL_GENERIC'),
      };
    },
    get eSignatureWebhookSecret() {
      return secret(env, 'E_SIGNATURE_WEBHOOK_SECRET');
    },
    get paymentProvider() {
      const provider = required(env, 'PAYMENT_PROVIDER');
      if (provider !== 'stripe' && provider !== 'local') throw new ConfigError(`PAYMENT_PROVIDER must be stripe or local`);
      return provider;
    },
    get stripeSecretKey() {
      return secret(env, 'STRIPE_SECRET_KEY');
    },
    get stripeWebhookSecret() {
      return secret(env, 'STRIPE_WEBHOOK_SECRET');
    },
    get localCheckoutUrl() {
      return required(env, 'LOCAL_CHECKOUT_URL');
    },
    get localCheckoutSecret() {
      return required(env, 'LOCAL_CHECKOUT_SECRET');
    },
    get companySettingsMaxAgeSeconds() {
      const value = Number(optional(env, 'COMPANY_SETTINGS_MAX_AGE_SECONDS') ?? '30');
      if (!Number.isFinite(value) || value < 0)
        throw new ConfigError('COMPANY_SETTINGS_MAX_AGE_SECONDS must be a number of seconds');
      return value;
    },
  };
}

export const config: Config = readConfig();
