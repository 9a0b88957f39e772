/**
 * The daily licence job (EventBridge Scheduler; locally on a timer and `npm run job -- expire-licences`). A broker
 * counts as licensed only while the licence on file has not expired: brokers still licensed whose licence expiration
 * date is before today (UTC) are un-licensed, with an entry in their approval history by "System", and the broker
 * and every admin are e-mailed. It reads only those brokers, from the licence-expiry index (one Query, no Scan).
 *
 * Idempotent, also when two runs overlap: each broker is un-licensed on the profile as read (still licensed, same
 * date, same approval revision), so exactly one write wins and only the winner sends the e-mails; an un-licensed
 * broker leaves the index, so a later run does not find them again. An admin's save in between (a renewed licence)
 * makes the write fail, and the broker is re-read and skipped while no longer due. A failed e-mail never undoes the
 * change: it is logged and counted in the result.
 */
import { formatDate } from '@shared/format';
import type { BrokerProfile } from '@functions/domain/users/broker-profile';
import { config } from '@functions/lib/config';
import { utcDay } from '@functions/lib/dates';
import { lazy } from '@functions/lib/lazy';
import { logger } from '@functions/lib/logger';
import { createMailer, type Email, type Mailer } from '@functions/lib/mailer';
import { expireLicencesData, type ExpireLicencesData } from './data/expire-licences';

export interface LicenceExpiryResult {
  /** Brokers the index listed as due. */
  examined: number;
  unlicensed: number;
  /** No longer due when written: renewed by an admin, or un-licensed by another run, meanwhile. */
  skipped: number;
  /** E-mails SES refused (the broker stays un-licensed; the failure is logged). */
  emailsFailed: number;
}

export interface LicenceJobDeps {
  data: ExpireLicencesData;
  mailer: Pick<Mailer, 'sendEmail'>;
  /** The app's origin, for the links in the e-mails. */
  appUrl: string;
}

/** Pure: whether `profile` is still licensed on a licence that expired before `today` (YYYY-MM-DD, UTC). */
export function isLicenceDue(profile: Pick<BrokerProfile, 'isLicensed' | 'licenseExpirationDate'>, today: string): boolean {
  return profile.isLicensed === true && !!profile.licenseExpirationDate && profile.licenseExpirationDate < today;
}

/** Pure: the two e-mails of one expired licence, to the broker and to the admins (without the recipient). */
export function licenceExpiredEmails(
  profile: Pick<BrokerProfile, 'fullName' | 'email' | 'licenseNumber' | 'licenseExpirationDate'>,
  appUrl: string,
): { toBroker: Omit<Email, 'to'>; toAdmins: Omit<Email, 'to'> } {
  const app = appUrl.replace(/\/+$/, '');
  const name = profile.fullName ?? profile.email ?? 'A broker';
  const licence = profile.licenseNumber ? `licence ${profile.licenseNumber}` : 'licence';
  const expired = profile.licenseExpirationDate ? formatDate(profile.licenseExpirationDate) : 'an earlier date';
  return {
    toBroker: {
      subject: 'Your broker licence has expired',
      text: [
        `Hi ${name},`,
        '',
        `The ${licence} on file with LeaseDesk expired on ${expired}, so your account is no longer licensed: you cannot`,
        'create or edit deals until an administrator records your renewed licence.',
        '',
        `Upload your renewed licence on your profile: ${app}/profile`,
      ].join('\n'),
    },
    toAdmins: {
      subject: `Broker licence expired: ${name}`,
      text: [
        `The ${licence} of ${name} (${profile.email ?? 'no e-mail on file'}) expired on ${expired}.`,
        'LeaseDesk has marked the broker as not licensed: they cannot create or edit deals until a renewed licence is recorded.',
        '',
        `Review the broker: ${app}/admin/brokers`,
      ].join('\n'),
    },
  };
}

/** How often one broker is re-read after losing a race before the job leaves them for tomorrow's run. */
const ATTEMPTS_PER_BROKER = 3;

async function unlicenseOne(
  candidate: BrokerProfile,
  today: string,
  now: Date,
  data: ExpireLicencesData,
): Promise<BrokerProfile | null> {
  let profile: BrokerProfile | null = candidate;
  for (let attempt = 1; attempt <= ATTEMPTS_PER_BROKER; attempt++) {
    if (!profile || !isLicenceDue(profile, today)) return null;
    if (await data.licences.unlicense(profile, now)) return profile;
    profile = await data.licences.get(candidate.userId);
  }
  return null;
}

/** Sends `email` to each address once; returns how many failed (each failure is logged by the mailer). */
async function sendToEach(mailer: LicenceJobDeps['mailer'], addresses: string[], email: Omit<Email, 'to'>): Promise<number> {
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const results = await Promise.all(unique.map((to) => mailer.sendEmail({ ...email, to })));
  return results.filter((result) => !result.ok).length;
}

export async function expireLicences(deps: LicenceJobDeps, now: Date): Promise<LicenceExpiryResult> {
  const today = utcDay(now);
  const candidates = (await deps.data.licences.expiredBefore(today)).filter((profile) => isLicenceDue(profile, today));
  const result: LicenceExpiryResult = { examined: candidates.length, unlicensed: 0, skipped: 0, emailsFailed: 0 };
  if (candidates.length === 0) return result;

  const adminAddresses = (await deps.data.licences.admins()).map((admin) => admin.email);
  for (const candidate of candidates) {
    const unlicensed = await unlicenseOne(candidate, today, now, deps.data);
    if (!unlicensed) {
      result.skipped++;
      continue;
    }
    result.unlicensed++;
    logger.info('broker licence expired: un-licensed', {
      brokerId: unlicensed.userId,
      expiredOn: unlicensed.licenseExpirationDate,
    });
    const emails = licenceExpiredEmails(unlicensed, deps.appUrl);
    const failures = await Promise.all([
      unlicensed.email ? sendToEach(deps.mailer, [unlicensed.email], emails.toBroker) : Promise.resolve(0),
      sendToEach(deps.mailer, adminAddresses, emails.toAdmins),
    ]);
    result.emailsFailed += failures[0] + failures[1];
  }
  return result;
}

const mailer = lazy(() => createMailer());

export const handler = async (): Promise<LicenceExpiryResult> => {
  const result = await expireLicences({ data: expireLicencesData(), mailer: mailer(), appUrl: config.appUrl }, new Date());
  logger.info('expire-licences finished', { ...result });
  return result;
};
