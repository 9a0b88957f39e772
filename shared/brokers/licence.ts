/**
 * Whether a broker counts as licensed at the moment of a request (docs/security.md, "Licences"). The daily
 * `expire-licences` job clears `isLicensed` once a licence's expiration date is before today (UTC); between that date
 * and the job's next run the flag still reads true, so every check that lets a broker act as licensed (create and
 * edit deals, be assigned one, the route table's `brokerStanding: 'licensed'`) reads the date too, with the job's
 * own rule. No schema library here: the feature handler of every Lambda imports it.
 */

/** Pure: licensed on a licence not expired at `now`: flagged licensed, its expiration date (YYYY-MM-DD) not before today in UTC. */
export function isLicensedAt(
  profile: { isLicensed?: boolean | null; licenseExpirationDate?: string | null } | null | undefined,
  now: Date,
): boolean {
  if (profile?.isLicensed !== true) return false;
  // A licence recorded before expiration dates were required has none: it counts until an admin records one.
  if (!profile.licenseExpirationDate) return true;
  return profile.licenseExpirationDate >= now.toISOString().slice(0, 10);
}
