/**
 * /consumer-portal (docs/decisions.md, "Consumers (web)"): the consumer's home, in one API call. A tab per deal
 * (deal-1, deal-2, ... as the tab's identity, the car as its label: portal-tabs.ts) and My Broker; each deal shows
 * its terms, the dealership's contact, the concierge fee (paid here when the API offers it: finalized, above 0 and
 * unpaid; then "Paid") and, on closed deals, refer a friend. The open tab is in the address (`?tab=deal-2`), so
 * a reload or a shared link opens the same deal. Logout returns to /auth (the guard sends a signed-out visitor there).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsumerPortalDeal } from '@shared/consumers/api';
import { PAYMENT_RETURN_DEAL_QUERY, PAYMENT_RETURN_QUERY } from '@shared/payments/api';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/toast';
import { useLogout, useRequiredUser } from '@web/lib/auth';
import { ROLE_LABELS } from '@web/lib/authorization';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useConciergePayment } from '../api/concierge-payment';
import { useConsumerPortal, type AwaitedPayment } from '../api/consumer-portal';
import { MY_BROKER_TAB, TAB_QUERY, portalTabs, queryAfterPaymentReturn, selectedTab } from '../portal-tabs';
import { MyBrokerPanel } from './my-broker-panel';
import { PortalDealPanel } from './portal-deal-panel';
import styles from './consumers.module.css';

export function ConsumerPortalPage() {
  useDocumentTitle('Consumer Portal');
  const user = useRequiredUser();
  const logout = useLogout();
  const [searchParams, setSearchParams] = useSearchParams();
  // The deal whose fee is being paid (checkout opened here, or returned from): the portal asks again until it reads paid.
  const [awaited, setAwaited] = useState<AwaitedPayment | null>(null);
  const awaitPayment = useCallback((dealId: string) => setAwaited({ dealId, since: Date.now() }), []);
  const portal = useConsumerPortal(awaited);
  const pay = useConciergePayment({ onOpened: awaitPayment });
  usePaymentReturnNotice(awaitPayment, portal.data?.deals ?? (portal.isError ? [] : undefined));

  // The fee reads paid once the provider's webhook has landed: only then is it "received".
  const awaitedDeal = awaited ? portal.data?.deals.find((deal) => deal.id === awaited.dealId) : undefined;
  useEffect(() => {
    if (!awaitedDeal?.conciergeFeePaid) return;
    setAwaited(null);
    toast({ ...PAYMENT_TOASTS.received, variant: 'success' });
  }, [awaitedDeal?.conciergeFeePaid]);

  useEffect(() => {
    if (!portal.error) return;
    logger.error('Loading the consumer portal failed', portal.error);
    toast({ title: 'Error loading deals', description: portal.error.message, variant: 'destructive' });
  }, [portal.error]);

  const deals = portal.data?.deals ?? [];
  const tabs = portalTabs(deals);
  const tab = selectedTab(tabs, searchParams.get(TAB_QUERY));

  return (
    <AppShell>
      <PageHeader
        title={`Welcome, ${user.fullName}`}
        badges={<Badge variant="primary">{ROLE_LABELS[user.role]}</Badge>}
        description="Your deals, your broker and everything left to do."
        actions={
          <Button variant="secondary" onClick={() => void logout()}>
            Logout
          </Button>
        }
      />
      {portal.isPending ? (
        <LoadingBlock label="Loading your deals" />
      ) : portal.isError ? (
        <Card>
          <CardContent>
            <p role="alert">Error loading deals</p>
            <Button variant="secondary" onClick={() => void portal.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          {deals.length === 0 && (
            <Card>
              <CardContent>
                <p className={styles.muted}>No deals yet. Your broker will contact you as soon as a deal is ready for you.</p>
              </CardContent>
            </Card>
          )}
          <Tabs value={tab} onValueChange={(value) => setSearchParams({ [TAB_QUERY]: value }, { replace: true })}>
            <TabList label="Your deals and your broker">
              {tabs.map((item) => (
                <Tab key={item.value} value={item.value}>
                  {item.label}
                </Tab>
              ))}
            </TabList>
            {deals.map((deal) => (
              <TabPanel key={deal.id} value={deal.label}>
                <PortalDealPanel deal={deal} onPay={pay} />
              </TabPanel>
            ))}
            <TabPanel value={MY_BROKER_TAB.value}>
              <MyBrokerPanel broker={portal.data.broker} />
            </TabPanel>
          </Tabs>
        </>
      )}
    </AppShell>
  );
}

const PAYMENT_TOASTS = {
  /** Back from a completed checkout: the provider confirms the payment to the server a moment later. */
  submitted: { title: 'Payment submitted', description: 'Your concierge fee shows Paid as soon as the payment is confirmed.' },
  /** The deal's fee now reads paid. */
  received: { title: 'Payment received', description: 'Thank you for paying your concierge fee.' },
  cancelled: { title: 'Payment cancelled', description: 'Nothing was charged. You can pay whenever you are ready.' },
} as const;

/**
 * The checkout returns to the portal (in its own tab) with `?payment=success|cancelled&deal=…`: once the deals are
 * read (`deals` undefined until then), say so once, wait for that deal's fee to read paid after a success, open
 * that deal's tab and drop the flags from the address so a reload does not say it again.
 */
function usePaymentReturnNotice(awaitPayment: (dealId: string) => void, deals: readonly ConsumerPortalDeal[] | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get(PAYMENT_RETURN_QUERY);
  const dealId = searchParams.get(PAYMENT_RETURN_DEAL_QUERY);
  const told = useRef(false);
  useEffect(() => {
    if (!outcome || !deals || told.current) return;
    told.current = true;
    if (outcome === 'success') {
      toast({ ...PAYMENT_TOASTS.submitted, variant: 'success' });
      if (dealId) awaitPayment(dealId);
    } else if (outcome === 'cancelled') {
      toast(PAYMENT_TOASTS.cancelled);
    }
    setSearchParams((current) => queryAfterPaymentReturn(current, deals), { replace: true });
  }, [outcome, dealId, deals, awaitPayment, setSearchParams]);
}
