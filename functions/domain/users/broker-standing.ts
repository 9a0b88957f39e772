/**
 * A broker's standing as the feature handler checks it on the routes with a `brokerStanding` (functions/lib/http/
 * feature-handler.ts): read from the broker profile on every call, so that revoking is immediate. The users store is
 * loaded with the first call of such a route, not at cold start. Each feature with such routes passes this reader to
 * its `featureHandler` (the library imports no domain: docs/architecture.md, "Boundaries the lint checks").
 */
import type { BrokerStandingReader } from '@functions/lib/http/feature-handler';

export const tableBrokerStanding: BrokerStandingReader = async (userId) => {
  const { standingData } = await import('./standing-data');
  const profile = await standingData().users.getBrokerProfile(userId);
  return profile
    ? {
        isApproved: profile.isApproved === true,
        isLicensed: profile.isLicensed === true,
        licenseExpirationDate: profile.licenseExpirationDate,
      }
    : undefined;
};
