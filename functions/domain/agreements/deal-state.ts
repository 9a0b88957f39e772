/**
 * Where a deal's brokering agreement stands for staff (docs/decisions.md, "Agreements"): the deal page shows it in
 * its one call (GET /deals/{id}) and the agreements routes answer it after a send, so both read it here.
 */
import type { DealAgreementResponse } from '@shared/agreements/api';
import { agreementState } from '@shared/agreements/rules';
import type { CompanySettingsStore } from '@functions/domain/company-settings/company-settings';
import type { Deal } from '@functions/domain/deals/deals';
import type { AgreementStore } from './agreements';

export async function dealAgreementState(
  deal: Pick<Deal, 'id' | 'clientId'>,
  data: { agreements: AgreementStore; settings: Pick<CompanySettingsStore, 'requireSignedAgreement'> },
): Promise<DealAgreementResponse> {
  const [required, current, record, signature] = await Promise.all([
    data.settings.requireSignedAgreement(),
    data.agreements.current(),
    deal.clientId ? data.agreements.dealAgreement(deal.id, deal.clientId) : Promise.resolve(null),
    deal.clientId ? data.agreements.signature(deal.id, deal.clientId) : Promise.resolve(null),
  ]);
  return {
    required,
    state: agreementState({ sentAt: record?.sentAt, viewedAt: record?.viewedAt, signedAt: signature?.signedAt }),
    sentAt: record?.sentAt ?? null,
    viewedAt: record?.viewedAt ?? null,
    signature: signature
      ? {
          version: signature.version,
          signedAt: signature.signedAt,
          signedName: signature.signedName,
          sourceIp: signature.sourceIp,
        }
      : null,
    currentVersion: current?.version ?? null,
  };
}
