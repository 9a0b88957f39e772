/** How the broker screens word a broker's commission, standing and approval history, in the product's terms. */
import type { BrokerStandingView } from '@shared/brokers/api';
import type { CommissionType } from '@shared/brokers/enums';
import { formatDate, formatMoneyWhole } from '@shared/format';

/** "10% of fees", "$250 per closed deal", or "No commission set" (a broker not approved yet). */
export function commissionLabel(type: CommissionType | null, value: number | null): string {
  if (type === null || value === null) return 'No commission set';
  return type === 'percentage' ? `${value}% of fees` : `${formatMoneyWhole(value)} per closed deal`;
}

/** "Licensed (#CA-123, expires 05/31/2027)", "Licensed", or "Not licensed". */
export function licenceLabel(broker: Pick<BrokerStandingView, 'isLicensed' | 'licenseNumber' | 'licenseExpirationDate'>): string {
  if (!broker.isLicensed) return 'Not licensed';
  const details = [
    broker.licenseNumber && `#${broker.licenseNumber}`,
    broker.licenseExpirationDate && `expires ${formatDate(broker.licenseExpirationDate)}`,
  ].filter(Boolean);
  return details.length > 0 ? `Licensed (${details.join(', ')})` : 'Licensed';
}

const STANDING_FIELDS: { key: keyof BrokerStandingView; label: string }[] = [
  { key: 'isApproved', label: 'Approval' },
  { key: 'commissionType', label: 'Commission' },
  { key: 'commissionValue', label: 'Commission' },
  { key: 'isLicensed', label: 'Licensed' },
  { key: 'licenseNumber', label: 'License number' },
  { key: 'licenseExpirationDate', label: 'License expiration' },
];

function standingValue(standing: BrokerStandingView, key: keyof BrokerStandingView): string {
  switch (key) {
    case 'isApproved':
      return standing.isApproved ? 'Approved' : 'Not approved';
    case 'isLicensed':
      return standing.isLicensed ? 'Yes' : 'No';
    case 'commissionType':
    case 'commissionValue':
      return commissionLabel(standing.commissionType, standing.commissionValue);
    case 'licenseExpirationDate':
      return standing.licenseExpirationDate ? formatDate(standing.licenseExpirationDate) : '—';
    case 'licenseNumber':
      return standing.licenseNumber ?? '—';
  }
}

/**
 * What one approval save changed, one line per field: "Approval: Not approved → Approved". Commission type and
 * value read as one line ("Commission: No commission set → 10% of fees"). An entry that changed nothing (saved
 * as it was) says so.
 */
export function standingChanges(before: BrokerStandingView, after: BrokerStandingView): string[] {
  const lines = new Map<string, string>();
  for (const { key, label } of STANDING_FIELDS) {
    const from = standingValue(before, key);
    const to = standingValue(after, key);
    if (from !== to && !lines.has(label)) lines.set(label, `${label}: ${from} → ${to}`);
  }
  return lines.size > 0 ? [...lines.values()] : ['Saved without changes'];
}

/** "Approved", "Revoked" or "Updated": the headline of a history entry. */
export function historyAction(before: BrokerStandingView, after: BrokerStandingView): string {
  if (!before.isApproved && after.isApproved) return 'Approved';
  if (before.isApproved && !after.isApproved) return 'Revoked';
  return 'Updated';
}
