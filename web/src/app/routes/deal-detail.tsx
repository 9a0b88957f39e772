/**
 * /deals/{id}: staff see the deals feature's deal page, a consumer the reduced view of the consumers feature (the
 * API answers them differently too). Chosen here by role because features do not import each other; each page is
 * its own chunk, so a consumer never downloads the staff page.
 */
import { lazy } from 'react';
import { useRequiredUser } from '@web/lib/auth';

const DealDetailPage = lazy(() =>
  import('@web/features/deals/components/deal-detail-page').then((m) => ({ default: m.DealDetailPage })),
);
const ConsumerDealPage = lazy(() =>
  import('@web/features/consumers/components/consumer-deal-page').then((m) => ({ default: m.ConsumerDealPage })),
);

export function DealDetailRoute() {
  return useRequiredUser().role === 'consumer' ? <ConsumerDealPage /> : <DealDetailPage />;
}
