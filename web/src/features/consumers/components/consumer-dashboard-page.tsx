/**
 * /consumer-dashboard: where a consumer lands after signup.
 * The portal is the consumer's home and holds everything a dashboard would, so this address hands over
 * to it at once rather than adding a screen (and an API call) in between (docs/decisions.md, "Consumers (web)").
 * Kept as its own route so that the links in signup e-mails and bookmarks of the documented address keep working.
 */
import { Navigate } from 'react-router';

export const CONSUMER_HOME_PATH = '/consumer-portal';

export function ConsumerDashboardPage() {
  return <Navigate to={CONSUMER_HOME_PATH} replace />;
}
