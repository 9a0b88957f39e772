/**
 * The company's "require a signed agreement before a fee is paid" setting (docs/decisions.md, "Agreements") for the
 * stack suites: a file about the payment itself switches it off in its `beforeAll` and back on (the default) in its
 * `afterAll`, so every other file of the run (one file at a time) finds the default. The local stack reads the
 * setting on every payment, so a switch applies at once.
 */
import { createData } from '@infra/data/create-data';

export async function setAgreementRequired(required: boolean): Promise<void> {
  const settings = createData().settings;
  const { ownBook } = await settings.read();
  await settings.save({ ownBook, requireSignedAgreement: required }, { id: 'test', fullName: 'Test suite' }, new Date());
}
