/**
 * /profile: the broker's card (photo, name, e-mail, phone with an inline edit, started, licence and approval), the
 * photo and licence uploads, "View license" through a signed URL, the academy progress with Continue Learning,
 * this month's figures as the performance page shows them, and the last 10 deals, each opening its deal. One API
 * call (GET /profile) renders it; each change answers the whole profile, which replaces the shown one.
 *
 * Someone without a broker profile (an admin, say) gets "Profile not found" rather than an error.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  ERROR_LOADING_PROFILE,
  NO_DEALS_YET_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
  type ProfileResponse,
} from '@shared/brokers/api';
import { DEAL_STATUS_LABELS } from '@shared/deals/enums';
import { formatDate, formatMoneyWhole, formatPhone } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { TaskSettingsCard } from '@web/components/tasks/task-settings';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useOpenLicence, useProfile } from '../api/profile';
import { commissionLabel, licenceLabel } from '../broker-format';
import { monthLabel, type MonthKey } from '../month';
import styles from './brokers.module.css';
import { EmailPreferences } from './email-preferences';
import { MonthFiguresList } from './month-figures';
import { PhoneForm } from './phone-form';
import { ProfileUpload } from './profile-upload';

const BACK = (
  <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
    Back
  </Link>
);

export function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useProfile();
  const notFound = isApiError(profile.error) && profile.error.status === 404;

  useEffect(() => {
    if (!profile.error || notFound) return;
    logger.error('Loading the profile failed', profile.error);
    toast({ title: ERROR_LOADING_PROFILE, description: profile.error.message, variant: 'destructive' });
  }, [profile.error, notFound]);

  return (
    <AppShell>
      <PageHeader title="Profile" description="Your details, license, training and deals." actions={BACK} />
      {/* Data first: a reload (failed or not) never swaps the shown forms out (docs/decisions.md, "Web"). */}
      {profile.data ? (
        <>
          <ProfileContent data={profile.data} />
          <EmailPreferences />
          <TaskSettingsCard initial={profile.data.taskSettings} />
        </>
      ) : notFound ? (
        <div className={styles.empty}>
          <p>{PROFILE_NOT_FOUND_MESSAGE}</p>
        </div>
      ) : profile.isError ? (
        <div className={styles.empty}>
          <p>{ERROR_LOADING_PROFILE}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <LoadingBlock label="Loading profile" />
      )}
    </AppShell>
  );
}

function ProfileContent({ data }: { data: ProfileResponse }) {
  return (
    <div className={styles.page}>
      <div className={styles.profileGrid}>
        <ProfileCard profile={data.profile} />
        <div className={styles.section}>
          <DocumentsCard profile={data.profile} />
          <AcademyCard academy={data.academy} />
        </div>
      </div>
      <Card as="section" aria-labelledby="month-title">
        <CardHeader>
          <CardTitle id="month-title">This Month</CardTitle>
          <CardDescription>{monthLabel(data.stats.month as MonthKey)}</CardDescription>
        </CardHeader>
        <CardContent className={styles.section}>
          <MonthFiguresList figures={data.stats} wide />
          <div>
            {/* The booked commission, entry by entry, with what was paid: the broker's monthly statement. */}
            <Link to="/profile/commission" className={buttonClassName({ variant: 'secondary' })}>
              Commission Statement
            </Link>
          </div>
        </CardContent>
      </Card>
      <RecentDeals deals={data.recentDeals} />
    </div>
  );
}

type Profile = ProfileResponse['profile'];

function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function ProfileCard({ profile }: { profile: Profile }) {
  return (
    <Card as="section" aria-labelledby="profile-title">
      <CardHeader className={styles.identity}>
        {profile.profilePhotoUrl ? (
          <img src={profile.profilePhotoUrl} alt={`Photo of ${profile.fullName}`} className={styles.avatar} />
        ) : (
          <span className={`${styles.avatar} ${styles.avatarInitials}`} aria-hidden="true">
            {initials(profile.fullName)}
          </span>
        )}
        <div>
          <CardTitle id="profile-title">{profile.fullName}</CardTitle>
          <p>
            {profile.isApproved ? <Badge variant="success">Approved</Badge> : <Badge variant="warning">Pending Review</Badge>}
          </p>
        </div>
      </CardHeader>
      <CardContent className={styles.section}>
        <dl className={styles.details}>
          <dt>Email</dt>
          <dd>{profile.email}</dd>
          <dt>Phone</dt>
          <dd>{profile.phone ? formatPhone(profile.phone) : 'Not set'}</dd>
          <dt>Started</dt>
          <dd>{formatDate(profile.startedAt ?? profile.createdAt) || '—'}</dd>
          <dt>License</dt>
          <dd>{licenceLabel(profile)}</dd>
          <dt>Commission</dt>
          <dd>{commissionLabel(profile.commissionType, profile.commissionValue)}</dd>
        </dl>
        <PhoneForm phone={profile.phone} />
        <ProfileUpload kind="photo" />
      </CardContent>
    </Card>
  );
}

function DocumentsCard({ profile }: { profile: Profile }) {
  const openLicence = useOpenLicence();
  return (
    <Card as="section" aria-labelledby="licence-title">
      <CardHeader>
        <CardTitle id="licence-title">License Document</CardTitle>
        <CardDescription>
          {profile.hasLicenseDocument ? 'Your license document is on file.' : 'No license document uploaded yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className={styles.section}>
        {profile.hasLicenseDocument && (
          <div>
            <Button variant="secondary" isLoading={openLicence.isPending} onClick={() => openLicence.mutate(profile.id)}>
              View License
            </Button>
          </div>
        )}
        <ProfileUpload kind="licence" />
      </CardContent>
    </Card>
  );
}

function AcademyCard({ academy }: { academy: ProfileResponse['academy'] }) {
  return (
    <Card as="section" aria-labelledby="academy-title">
      <CardHeader>
        <CardTitle id="academy-title">Academy Progress</CardTitle>
        <CardDescription>
          {academy.completed} of {academy.published} items completed
        </CardDescription>
      </CardHeader>
      <CardContent className={styles.section}>
        <progress className={styles.progress} max={100} value={academy.percent} aria-labelledby="academy-title">
          {academy.percent}%
        </progress>
        <p>
          <strong>{academy.percent}%</strong> complete
        </p>
        <div>
          <Link to="/academy" className={buttonClassName()}>
            Continue Learning
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function RecentDeals({ deals }: { deals: ProfileResponse['recentDeals'] }) {
  return (
    <Card as="section" aria-labelledby="deals-title">
      <CardHeader>
        <CardTitle id="deals-title">Recent Deals</CardTitle>
        <CardDescription>Your last 10 deals, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {deals.length === 0 ? (
          <p className={styles.empty}>{NO_DEALS_YET_MESSAGE}</p>
        ) : (
          <ul className={styles.list}>
            {deals.map((deal) => (
              <li key={deal.id}>
                <Link to={`/deals/${deal.id}`} className={styles.dealLink}>
                  <span className={styles.rowName}>
                    {deal.year} {deal.make} {deal.model}
                  </span>
                  <span className={styles.rowMeta}>
                    {DEAL_STATUS_LABELS[deal.status]} · {formatMoneyWhole(deal.monthlyPayment)}/mo · created{' '}
                    {formatDate(deal.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
