/**
 * /admin/agreement (admins): the company's brokering agreement (docs/decisions.md, "Agreements"). The current text in
 * an editor with the placeholders it may use; each save is a new version, and every earlier version stays readable
 * below, newest first.
 */
import { Link } from 'react-router';
import { createAgreementVersionRequestSchema, type AgreementVersion } from '@shared/agreements/api';
import { formatDateTime } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Form, SubmitButton, TextAreaField, useZodForm } from '@web/components/ui/form';
import { SectionCard } from '@web/components/ui/section-card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useAgreementVersions, useSaveAgreementVersion } from '../api/agreement-versions';
import styles from './agreement-page.module.css';

const editSchema = createAgreementVersionRequestSchema.pick({ text: true });

export function AgreementPage() {
  useDocumentTitle('Brokering Agreement');
  const versions = useAgreementVersions();
  return (
    <AppShell>
      <PageHeader
        title="Brokering Agreement"
        description="What each client signs in their portal before paying the concierge fee."
        actions={
          <Link to="/admin/settings" className={buttonClassName({ variant: 'secondary' })}>
            Back
          </Link>
        }
      />
      {versions.data ? (
        <>
          <AgreementEditor key={versions.data.versions[0]?.version ?? 0} current={versions.data.versions[0] ?? null} />
          {versions.data.versions.length > 0 && (
            <SectionCard title="Versions">
              <ol className={styles.versions}>
                {versions.data.versions.map((version) => (
                  <li key={version.version}>
                    <details>
                      <summary>
                        Version {version.version}, {formatDateTime(version.createdAt)} by {version.createdByName}
                      </summary>
                      <div className={styles.text}>{version.text}</div>
                    </details>
                  </li>
                ))}
              </ol>
            </SectionCard>
          )}
        </>
      ) : versions.isError ? (
        <div>
          <p role="alert">Error loading the agreement</p>
          <Button variant="secondary" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <LoadingBlock label="Loading the agreement" />
      )}
    </AppShell>
  );
}

function AgreementEditor({ current }: { current: AgreementVersion | null }) {
  const form = useZodForm(editSchema, { defaultValues: { text: current?.text ?? '' } });
  const save = useSaveAgreementVersion();
  return (
    <SectionCard title={current ? `Current text (version ${current.version})` : 'No agreement yet'}>
      <Form
        form={form}
        aria-label="Brokering agreement"
        onSubmit={({ text }) => save.mutateAsync({ text, basedOn: current?.version ?? null })}
      >
        <TextAreaField
          name="text"
          label="Agreement text"
          rows={16}
          hint="Placeholders filled for each deal: {{client}}, {{broker}}, {{vehicle}}, {{fee}}. Saving makes a new version."
        />
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          Save New Version
        </SubmitButton>
      </Form>
    </SectionCard>
  );
}
