/**
 * /admin/settings (admins; the route guard sends anyone else to / with "Access Denied"): the company's client book.
 * Shared (the default): every approved broker sees every client and deal. Own book: each broker sees and changes only
 * their own clients, deals and leads, admins everything (docs/security.md, "Ownership"). And whether the concierge fee
 * waits for the client's signed brokering agreement (docs/decisions.md, "Agreements"). One API call renders it.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CLIENT_BOOK_TITLE,
  ERROR_LOADING_SETTINGS,
  OWN_BOOK_LABEL,
  REQUIRE_SIGNED_AGREEMENT_LABEL,
  SHARED_BOOK_LABEL,
  clientBookFormSchema,
  type CompanySettingsView,
} from '@shared/brokers/settings';
import { formatDate } from '@shared/format';
import { AdfAddressDialog } from '@web/components/adf-address/adf-address-dialog';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox';
import { Form, SubmitButton, useZodForm } from '@web/components/ui/form';
import { RadioGroupField } from '@web/components/ui/radio-group';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useCompanySettings, useUpdateCompanySettings } from '../api/settings';
import styles from './brokers.module.css';

const BOOK_CHOICES = [
  { value: 'shared', label: SHARED_BOOK_LABEL },
  { value: 'own', label: OWN_BOOK_LABEL },
] as const;

export function SettingsPage() {
  useDocumentTitle('Company Settings');
  const settings = useCompanySettings();
  const [managingLeadAddress, setManagingLeadAddress] = useState(false);
  return (
    <AppShell>
      <PageHeader
        title="Company Settings"
        description="Choose how brokers share the book of clients, deals and leads."
        actions={
          <Link to="/admin/brokers" className={buttonClassName({ variant: 'secondary' })}>
            Back
          </Link>
        }
      />
      <section className={styles.section} aria-labelledby="client-book-title">
        <h2 id="client-book-title" className={styles.sectionTitle}>
          {CLIENT_BOOK_TITLE}
        </h2>
        {/* Data first: a reload (failed or not) never swaps the shown form out (docs/decisions.md, "Web"). */}
        {settings.data ? (
          <ClientBookForm settings={settings.data} />
        ) : settings.isError ? (
          <div className={styles.empty}>
            <p>{ERROR_LOADING_SETTINGS}</p>
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <LoadingBlock label="Loading settings" />
        )}
      </section>
      <section className={styles.section} aria-labelledby="adf-address-title">
        <h2 id="adf-address-title" className={styles.sectionTitle}>
          ADF lead address
        </h2>
        <p>
          The company's inbound address for ADF/XML leads (the public quote flow's own): leads posted to it land in the lead
          inbox. Each dealership has its own on the Dealerships page.
        </p>
        <Button variant="secondary" onClick={() => setManagingLeadAddress(true)}>
          Manage Lead Address
        </Button>
        <AdfAddressDialog
          owner={managingLeadAddress ? 'company' : null}
          ownerName="the company"
          onClose={() => setManagingLeadAddress(false)}
        />
      </section>
    </AppShell>
  );
}

function ClientBookForm({ settings }: { settings: CompanySettingsView }) {
  const form = useZodForm(clientBookFormSchema, {
    defaultValues: { book: settings.ownBook ? 'own' : 'shared', requireSignedAgreement: settings.requireSignedAgreement },
  });
  const update = useUpdateCompanySettings();
  return (
    <Form
      form={form}
      aria-label={CLIENT_BOOK_TITLE}
      onSubmit={(values) =>
        update.mutateAsync({ ownBook: values.book === 'own', requireSignedAgreement: values.requireSignedAgreement })
      }
    >
      <RadioGroupField
        name="book"
        label="Who sees which clients"
        options={BOOK_CHOICES}
        hint="Admins always see everything and move clients and deals between brokers."
      />
      <CheckboxField
        name="requireSignedAgreement"
        label={REQUIRE_SIGNED_AGREEMENT_LABEL}
        hint="The client signs the brokering agreement in their portal before the concierge fee can be paid."
      />
      <p>
        <Link to="/admin/agreement">Edit the brokering agreement</Link>
      </p>
      {settings.updatedBy && settings.updatedAt && (
        <p className={styles.muted}>
          Last changed by {settings.updatedBy.fullName} on {formatDate(settings.updatedAt)}.
        </p>
      )}
      <div className={styles.actions}>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          Save Settings
        </SubmitButton>
      </div>
    </Form>
  );
}
