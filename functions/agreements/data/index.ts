/**
 * The agreements function's data: the agreement versions and each deal's sending, viewing and signature (the
 * agreements store of the domain: the payments function reads the signature too), the deals and clients they are
 * about, the broker's name and e-mail, the company settings (whether a signature is required; own book for staff's
 * deal visibility) and the outbox for the link and the signed copies.
 */
import { functionData } from '@functions/lib/data/function-data';
import { agreementStore } from '@functions/domain/agreements/agreements';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { dealStore } from '@functions/domain/deals/deals';
import { userStore } from '@functions/domain/users/users';
import { outboxStore } from '@functions/lib/data/outbox-store';

export const agreementsData = functionData((table) => ({
  agreements: agreementStore(table),
  deals: dealStore(table),
  clients: clientStore(table),
  users: userStore(table),
  settings: companySettingsStore(table),
  outbox: outboxStore(table),
}));

export type AgreementsData = ReturnType<typeof agreementsData>;
