/**
 * Stage configuration: everything that differs between `dev` and `prod`, resolved once from CDK context
 * (`-c stage=prod`, `-c companyEmailDomain=...`, or cdk.json) so the stacks themselves hold no stage switches.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';

export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

export const DEFAULT_COMPANY_EMAIL_DOMAIN = 'leasedesk.com';

export interface StageConfig {
  stage: StageName;
  isProduction: boolean;
  /** The only e-mail domain allowed to self sign-up (PreSignUp and the sign-up form), without "@". */
  companyEmailDomain: string;
  /** Sender of every e-mail the product sends; its domain is the SES identity. */
  mailFrom: string;
  /** Origin of the SPA (scheme + host): allowed by API and bucket CORS, and APP_URL of the functions. */
  appOrigin: string;
  /** A custom domain for CloudFront; without it the distribution answers only on its *.cloudfront.net name. */
  customDomain?: { domainName: string; certificateArn: string };
  /** Cognito sends its own mail (codes, resets) through SES instead of its 50-a-day default sender. */
  cognitoEmailViaSes: boolean;
  /** What happens to stateful resources (table, user pool, buckets, logs) when a stack is deleted. */
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Active X-Ray tracing on every function. */
  tracing: boolean;
  /**
   * The e-signature provider's embedded form per credit application form type. Context `creditAppFormUrl` sets all
   * three (the three types share one link with an embed flag); `creditAppFormUrlMbfs` etc. override one type. Every
   * stage needs all three: a stage without them is refused at synth (docs/operations.md, "Stage settings").
   */
  creditAppFormUrls: { mbfs: string; bmwfs: string; generic: string };
  /** Subscribed by e-mail to the stage's alert topic (context `alertEmail`); without it the topic has no subscriber. */
  alertEmail?: string;
}

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string.`);
  return value;
}

function contextBoolean(node: Node, key: string): boolean | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context "${key}" must be true or false.`);
}

export function isStageName(value: unknown): value is StageName {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** Reads the stage configuration from context; defaults to `dev` so that a bare `cdk synth` works. */
export function stageConfigFromContext(node: Node): StageConfig {
  const stage = contextString(node, 'stage') ?? 'dev';
  if (!isStageName(stage)) throw new Error(`Unknown stage "${stage}": use -c stage=${STAGES.join('|')}.`);
  const isProduction = stage === 'prod';

  const companyEmailDomain = (contextString(node, 'companyEmailDomain') ?? DEFAULT_COMPANY_EMAIL_DOMAIN).replace(/^@/, '');
  const mailFrom = contextString(node, 'mailFrom') ?? `no-reply@${companyEmailDomain}`;
  if (!isEmailAddress(mailFrom)) throw new Error(`Context "mailFrom" is not an e-mail address: ${mailFrom}`);
  const alertEmail = contextString(node, 'alertEmail');
  if (alertEmail !== undefined && !isEmailAddress(alertEmail))
    throw new Error(`Context "alertEmail" is not an e-mail address: ${alertEmail}`);

  const appDomain =
    contextString(node, 'appDomain') ?? (isProduction ? `app.${companyEmailDomain}` : `${stage}.app.${companyEmailDomain}`);
  const certificateArn = contextString(node, 'certificateArn');
  const appOrigin = (contextString(node, 'appOrigin') ?? `https://${appDomain}`).replace(/\/$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(appOrigin)) throw new Error(`Context "appOrigin" must be scheme://host, got ${appOrigin}`);

  return {
    stage,
    isProduction,
    companyEmailDomain,
    mailFrom,
    appOrigin,
    customDomain: certificateArn ? { domainName: appDomain, certificateArn } : undefined,
    cognitoEmailViaSes: contextBoolean(node, 'cognitoEmailViaSes') ?? false,
    removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: isProduction ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
    tracing: contextBoolean(node, 'tracing') ?? isProduction,
    creditAppFormUrls: creditAppFormUrlsFromContext(node, stage),
    alertEmail,
  };
}

function isEmailAddress(value: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
}

/**
 * Every deployed stage needs the forms: without one, an applicant's credit-application page has nothing to sign, which
 * nobody would notice before the first applicant. So a missing form fails the synth, before anything deploys. The
 * local stack and the tests synthesize with stand-in forms of their own (infra/local/artifacts/synthesize.ts).
 */
function creditAppFormUrlsFromContext(node: Node, stage: StageName): StageConfig['creditAppFormUrls'] {
  const shared = contextString(node, 'creditAppFormUrl');
  const urls = {
    mbfs: contextString(node, 'creditAppFormUrlMbfs') ?? shared,
    bmwfs: contextString(node, 'creditAppFormUrlBmwfs') ?? shared,
    generic: contextString(node, 'creditAppFormUrlGeneric') ?? shared,
  };
  const missing = Object.entries(urls)
    .filter(([, url]) => !url)
    .map(([type]) => type);
  if (missing.length > 0)
    throw new Error(
      `Context "creditAppFormUrl" is required: stage "${stage}" has no e-signature form for the ${missing.join(', ')} ` +
        "credit application form type(s). Set -c creditAppFormUrl=https://... (the provider's embedded form, for every " +
        'type), or a per-type creditAppFormUrlMbfs, creditAppFormUrlBmwfs, creditAppFormUrlGeneric.',
    );
  for (const [type, url] of Object.entries(urls)) {
    if (!/^https:\/\/[^\s]+$/.test(url!)) throw new Error(`The ${type} credit application form URL must be https, got ${url}`);
  }
  return urls as StageConfig['creditAppFormUrls'];
}

/** The domain part of an e-mail address. */
export function emailDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
