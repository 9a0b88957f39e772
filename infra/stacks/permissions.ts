/**
 * What each function may touch, declared once. The API stack, the auth stack (Cognito triggers) and the schedules
 * stack turn these declarations into grants on each function's own role; a function gets nothing that is not listed.
 * A new feature or job fails synth until it has a row here.
 */
import type { Feature } from '@shared/api/routes';
import { EMBED_BUILT_KEY, EMBED_RENDERED_KEY } from '@shared/marketplace/trending-embed';
import { PENDING_DEAL_IMAGE_PREFIX, PENDING_LICENCE_PREFIX } from '@shared/uploads/keys';
import type { TableAccess, TableExtraAction } from '../constructs/feature-function';
import type { BucketKey, SecretKey } from './names';

export type ObjectAccess = 'read' | 'put' | 'delete';
/** Access to every object of a bucket, or only to the objects under one key prefix. */
export type ObjectGrant = ObjectAccess | { access: ObjectAccess; prefix: string };
export type UploadBucket = Exclude<BucketKey, 'accessLogs'>;

export interface FunctionPermissions {
  table?: TableAccess;
  /**
   * UpdateItem on the per-source request counters only (`sourceLimit` routes), for a function that uses the table for
   * nothing else; a function with `table: 'readWrite'` counts with that grant.
   */
  rateCounters?: boolean;
  /** Table actions beyond plain reads and item writes, for the functions whose stores use them. */
  tableExtras?: readonly TableExtraAction[];
  /** Object-level access per bucket. */
  objects?: Partial<Record<UploadBucket, readonly ObjectGrant[]>>;
  /** Cognito admin API actions on the stage's user pool. */
  userPool?: readonly `cognito-idp:${string}`[];
  /** Sends e-mail through SES as the stage's MAIL_FROM. */
  sendsEmail?: boolean;
  /** Sends SMS through Amazon SNS (direct publish to a phone number, never to a topic). */
  sendsSms?: boolean;
  /**
   * Exact objects of the web app's site bucket, by key (no prefix, no wildcard): the trending embed's built page
   * (read) and the page the rank-trending job writes from it (put). Also sets SITE_BUCKET.
   */
  siteObjects?: { read?: readonly string[]; put?: readonly string[] };
  /** Secrets Manager secrets read at run time through the Parameters and Secrets extension (names.ts `secretName`). */
  secrets?: readonly SecretKey[];
}

/** One Lambda per feature, serving all of that feature's routes. */
export const FEATURE_PERMISSIONS: Record<Feature, FunctionPermissions> = {
  // GET /me reads the caller's profile; POST /auth/signup-licence checks that the unconfirmed user exists and was
  // created within the hour (AdminGetUser), presigns an upload under the licences bucket's expiring pending/ prefix
  // (and nowhere else: an unconfirmed sign-up cannot overwrite a broker's licence) and records the object key on
  // the broker profile (a table write); the route's per-source counters are table writes too.
  auth: {
    table: 'readWrite',
    objects: { brokerLicences: [{ access: 'put', prefix: PENDING_LICENCE_PREFIX }] },
    userPool: ['cognito-idp:AdminGetUser'],
  },
  // GET /dashboard reads counters maintained on write.
  dashboard: { table: 'read' },
  // Trending reads the snapshot; the vehicle routes write deals with their stock-number claims, listing entries and
  // counters, and record views (table writes); POST /marketplace/images presigns uploads under the deal-images
  // bucket's expiring pending/ prefix, and saving a vehicle claims its image: it copies it out of pending/ (read
  // there, put at the final name) and deletes the pending copy. CloudFront serves the images.
  marketplace: {
    table: 'readWrite',
    objects: {
      dealImages: [
        { access: 'read', prefix: PENDING_DEAL_IMAGE_PREFIX },
        'put',
        { access: 'delete', prefix: PENDING_DEAL_IMAGE_PREFIX },
      ],
    },
  },
  // Dealerships and their counters are table writes; a dealer login is created in the dealer group (its temporary
  // password e-mailed by Cognito's invitation) and removing one deletes the account (its refresh tokens with it).
  // An add cut off after creating the account is finished by the admin's next add: AdminGetUser and
  // AdminListGroupsForUser check the account it left behind is this flow's, never used (docs/security.md).
  dealerships: {
    table: 'readWrite',
    userPool: [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
    ],
  },
  // Deals are written with their stock-number claims, counters, marketplace entries and activity in one
  // transaction; credit application links are table items. No bucket and no Cognito access.
  // Deleting a deal removes its activity trail in batches (BatchWriteItem).
  deals: { table: 'readWrite', tableExtras: ['dynamodb:BatchWriteItem'] },
  // Clients are written with their search entries, e-mail claim and counter in one transaction; a rename rewrites
  // the client's deals (their list entries follow in each deal's transaction). No bucket and no Cognito access.
  clients: { table: 'readWrite' },
  // Invitations: the invitation, its claim and the consumer's link are table writes; the invitation goes out by
  // SES or SNS; accepting creates the consumer's account (created, given its permanent password, put in the consumer
  // group, and deleted again if the link cannot be written: docs/decisions.md "Consumers"). An accept cut off after
  // creating the account is finished by the next accept: AdminGetUser finds the account it left behind.
  invitations: {
    table: 'readWrite',
    sendsEmail: true,
    sendsSms: true,
    userPool: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminDeleteUser',
    ],
  },
  // The portal reads the consumer's client, deals, dealerships and broker, and signs a GET of the broker's photo
  // (the photos bucket is private; a signed URL acts with the signer's role, hence the read).
  consumers: { table: 'read', objects: { brokerPhotos: ['read'] } },
  // A referral is written with its deal activity entry in one transaction, and e-mailed to the friend.
  // The referral's transaction checks the consumer's deal is still theirs and closed (ConditionCheckItem).
  referrals: { table: 'readWrite', tableExtras: ['dynamodb:ConditionCheckItem'], sendsEmail: true },
  // Approvals are a profile update with their history entry in one transaction; the performance figures are counter
  // items. Profile photos and licences are uploaded with presigned POSTs under the caller's own key and confirmed
  // with a HeadObject (read); licences are viewed through signed GETs (read). No Cognito access: approval is read
  // from the table on each write path, so no group change is needed.
  brokers: { table: 'readWrite', objects: { brokerPhotos: ['read', 'put'], brokerLicences: ['read', 'put'] } },
  // Credit application links are table items (a regenerate revokes and creates in one transaction; the webhook
  // completes one); the e-signature provider's webhook signing secret is read at run time.
  'credit-applications': { table: 'readWrite', secrets: ['eSignatureWebhook'] },
  // The fee is marked paid on the deal with its processed-event record in one transaction; Stripe's API key and
  // webhook signing secret are read at run time. No bucket, no Cognito, no e-mail.
  payments: { table: 'readWrite', secrets: ['stripeSecretKey', 'stripeWebhook'] },
  // POST /quote-requests stores the lead with its idempotency key in one transaction (and its per-source counter),
  // reads the admins and the named agent, e-mails them the new lead through SES, acknowledges the shopper by e-mail
  // (SES) or text (SNS) and records how that went on the lead; GET /quote-agents reads the approved brokers;
  // GET /openapi.json reads nothing.
  quotes: { table: 'readWrite', sendsEmail: true, sendsSms: true },
  // Academy content, progress, the learner marker and the counters are table writes. No bucket and no Cognito access.
  academy: { table: 'readWrite' },
  // Leads are written with their history and new-lead counters in one transaction; convert creates the client
  // (with its e-mail claim, search entries and counter). ADF leads: the webhook stores leads with their dedupe keys;
  // "Send to dealer" e-mails a dealership its ADF document through SES (the outbox). No bucket, no Cognito.
  leads: { table: 'readWrite', sendsEmail: true },
  // POST /lease/calculate is pure arithmetic (shared/lease/calculate.ts); the table holds only its per-source counters.
  lease: { rateCounters: true },
  // A proposal is an item of its own, sent to the client's e-mail (SES) or, without one, their phone (SNS) through
  // the outbox; the accept is the deal's transaction (deal, counts, indexes, activity, the proposal's conditional
  // update, the broker's notification); a question is an activity entry with its outbox message, e-mailed at once.
  proposals: { table: 'readWrite', sendsEmail: true, sendsSms: true },
  // GET /search reads the search indexes (clients, deals list, leads, marketplace) and BatchGets what they name.
  search: { table: 'read' },
  // The notification centre: the caller's notifications (a Query of their partition and of the unread index), marking
  // them read and the e-mail preferences: table reads and writes. No bucket, no Cognito, no e-mail.
  notifications: { table: 'readWrite' },
  // Tasks and task settings are table items (a conditional put per change); the users and linked records are point
  // reads. No bucket, no Cognito, no e-mail (the remind-tasks job sends the morning e-mail).
  tasks: { table: 'readWrite' },
  // CSV exports page through the clients, deals and leads indexes (Queries and BatchGets); the client import writes
  // clients through the clients store (each with its e-mail claim, phone entry, search entries and counters in one
  // transaction) and its import job. No bucket: pages and chunks travel in the requests.
  transfers: { table: 'readWrite' },
  // Agreement versions, each deal's sent/viewed record and the signature (a conditional put) are table items; the
  // link and the signed copies are e-mailed through SES (the outbox). No bucket, no Cognito, no texts.
  agreements: { table: 'readWrite', sendsEmail: true },
  // Lenders, programs and their rows are table items (conditional puts, BatchWrites of rows, Queries). Nothing else.
  programs: { table: 'readWrite', tableExtras: ['dynamodb:BatchWriteItem'] },
};

/** Cognito triggers. PostConfirmation's group membership grant is added separately (see AuthStack). */
export const TRIGGER_PERMISSIONS = {
  // PreSignUp only checks the e-mail domain from its event and environment.
  preSignUp: {},
  // PostConfirmation creates the broker profile (not approved) and moves the sign-up's licence out of pending/:
  // it reads and deletes only pending objects and writes the final key (CopyObject = GetObject + PutObject).
  postConfirmation: {
    table: 'readWrite',
    objects: {
      brokerLicences: [
        { access: 'read', prefix: PENDING_LICENCE_PREFIX },
        'put',
        { access: 'delete', prefix: PENDING_LICENCE_PREFIX },
      ],
    },
  },
  // CustomMessage only builds the reset e-mail from its event and APP_URL.
  customMessage: {},
} as const satisfies Record<string, FunctionPermissions>;

/** Scheduled jobs by name (functions/jobs.ts). */
export const JOB_PERMISSIONS: Record<string, FunctionPermissions> = {
  // Queries deals by status and expiration date and moves the expired ones.
  'expire-deals': { table: 'readWrite' },
  // Queries the licence-expiry index and the admins (users by role), un-licenses each expired broker with their
  // approval history entry in one transaction, and e-mails the broker and the admins through SES.
  'expire-licences': { table: 'readWrite', sendsEmail: true },
  // Queries the per-day view counters, reads the leading vehicles and writes the trending snapshot; then reads the
  // embed's built page from the site bucket and writes the embed's page filled with the vehicles, those two objects
  // and no other (docs/decisions.md, "Public pages").
  'rank-trending': {
    table: 'readWrite',
    siteObjects: { read: [EMBED_BUILT_KEY], put: [EMBED_RENDERED_KEY] },
  },
  // Queries the outbox's due index, claims, reschedules and deletes its messages, marks the records they are about
  // (table writes), and sends them: e-mail through SES as MAIL_FROM, texts through SNS to phone numbers.
  'retry-notifications': { table: 'readWrite', sendsEmail: true, sendsSms: true },
  // Queries the new leads of the last days (leads by status), the admins (users by role), and writes each waiting
  // lead's notifications with their once-only marker in one transaction. No e-mail.
  'notify-waiting-leads': { table: 'readWrite' },
  // Queries the reminder index (task settings due), claims each user's morning with a conditional write, queries
  // their open tasks (tasks by assignee), reads the user, and e-mails them through SES with .ics attachments.
  'remind-tasks': { table: 'readWrite', sendsEmail: true },
};
