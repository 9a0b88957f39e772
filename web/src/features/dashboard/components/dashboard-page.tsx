/**
 * The dashboard (/ and /dashboard): welcome line, role badge, Profile (brokers) and Logout, the overview
 * cards of the user's role, Trending Vehicles and Getting Started. A broker awaiting approval sees the
 * blocking "Account Pending Review" card instead of anything that leads to deals.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { MyDayBlock } from '@web/components/tasks/my-day';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { isNewUserState, useLogout, useRequiredUser } from '@web/lib/auth';
import { can, isPendingBroker, ROLE_LABELS } from '@web/lib/authorization';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useDashboard } from '../api/get-dashboard';
import { overviewCards } from '../overview-cards';
import styles from './dashboard.module.css';
import { GettingStarted } from './getting-started';
import { OverviewCards } from './overview-cards';
import { PendingReviewCard } from './pending-review-card';

/** `trending`: the marketplace's Trending Vehicles panel, given by the app (features do not import each other). */
export function DashboardPage({ trending }: { trending: ReactNode }) {
  const user = useRequiredUser();
  const logout = useLogout();
  const location = useLocation();
  const pending = isPendingBroker(user);
  // A pending broker's dashboard is blocked: nothing to count.
  const dashboard = useDashboard({ enabled: !pending });
  useDocumentTitle('Dashboard');

  useEffect(() => {
    if (!dashboard.error) return;
    logger.error('Loading the dashboard failed', dashboard.error);
    toast({ title: 'Error loading dashboard', description: dashboard.error.message, variant: 'destructive' });
  }, [dashboard.error]);

  return (
    <AppShell>
      <PageHeader
        title={`${isNewUserState(location.state) ? 'Welcome' : 'Welcome back'}, ${user.fullName}`}
        badges={
          <>
            <Badge variant="primary">{ROLE_LABELS[user.role]}</Badge>
            {pending && <Badge variant="warning">Pending Review</Badge>}
          </>
        }
        description="Here is an overview of your LeaseDesk workspace."
        actions={
          <>
            {can(user, 'profile:view') && (
              <Link to="/profile" className={buttonClassName({ variant: 'secondary' })}>
                Profile
              </Link>
            )}
            <Button variant="secondary" onClick={() => void logout()}>
              Logout
            </Button>
          </>
        }
      />

      {pending ? (
        <PendingReviewCard />
      ) : (
        <>
          <OverviewCards cards={overviewCards(user, dashboard.data?.cards)} isLoading={dashboard.isPending} />
          {(user.role === 'admin' || user.role === 'broker') && (
            <MyDayBlock myDay={dashboard.data?.myDay} isLoading={dashboard.isPending} />
          )}
          <div className={styles.columns}>
            {trending}
            <GettingStarted role={user.role} />
          </div>
        </>
      )}
    </AppShell>
  );
}
