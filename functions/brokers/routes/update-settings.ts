/**
 * PUT /admin/settings: switches the client book, shared or each broker's own (admins; docs/security.md, "Ownership"),
 * and whether the concierge fee waits for a signed agreement (docs/decisions.md, "Agreements").
 */
import { companySettingsSchema, updateCompanySettingsRequestSchema } from '@shared/brokers/settings';
import { route } from '@functions/lib/http/route';
import { logger } from '@functions/lib/logger';
import { brokersData } from '../data';

export default route({
  body: updateCompanySettingsRequestSchema,
  response: companySettingsSchema,
  handler: async ({ body }, { identity, now }) => {
    const data = brokersData();
    const user = await data.users.get(identity.userId);
    const saved = await data.settings.save(body, { id: identity.userId, fullName: user?.fullName ?? identity.email }, now);
    // Who switched the book, for the audit log: the item keeps only the last change.
    logger.info('company settings changed', {
      ownBook: saved.ownBook,
      requireSignedAgreement: saved.requireSignedAgreement,
      by: identity.userId,
    });
    return saved;
  },
});
