/**
 * The company's client book (docs/security.md, "Ownership") for the stack suites: a test that switches to own book
 * switches back in its `afterAll`, so every other file of the run (one file at a time) finds the default shared book.
 * The local stack reads the setting on every request (COMPANY_SETTINGS_MAX_AGE_SECONDS=0), so a switch applies at once.
 */
import { createData } from '@infra/data/create-data';

export async function setClientBook(book: 'shared' | 'own'): Promise<void> {
  await createData().settings.save({ ownBook: book === 'own' }, { id: 'test', fullName: 'Test suite' }, new Date());
}
