/**
 * /admin/lenders (admins; docs/decisions.md, "Programs"): the lenders whose programs are kept, by name, each opening
 * its months; "Add lender" opens a dialog. A name another lender has (without regard to case or punctuation) lands on
 * the name field.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { createLenderRequestSchema, LENDER_NAME_TAKEN_MESSAGE } from '@shared/programs/api';
import { formatDate } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { LoadingBlock } from '@web/components/ui/spinner';
import tableStyles from '@web/components/ui/table.module.css';
import { isApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/document-title';
import { useCreateLender, useLenders } from '../api/programs';
import styles from './programs.module.css';

export function LendersPage() {
  useDocumentTitle('Lenders');
  const lenders = useLenders();
  const [adding, setAdding] = useState(false);

  return (
    <AppShell>
      <PageHeader
        title="Lenders"
        description="The lenders whose monthly lease programs brokers look up. Open a lender to import a month's program."
        actions={
          <>
            <Link to="/programs" className={buttonClassName({ variant: 'secondary' })}>
              Find programs
            </Link>
            <Button onClick={() => setAdding(true)}>Add lender</Button>
          </>
        }
      />
      {lenders.isPending ? (
        <LoadingBlock label="Loading lenders" />
      ) : lenders.isError ? (
        <div className={styles.empty}>
          <p role="alert" className={styles.emptyTitle}>
            Error loading lenders: {lenders.error.message}
          </p>
          <Button variant="secondary" onClick={() => void lenders.refetch()}>
            Try again
          </Button>
        </div>
      ) : lenders.data.lenders.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No lenders yet</p>
          <p>Add a lender, then import its program from a CSV file.</p>
        </div>
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <caption className="visually-hidden">Lenders</caption>
            <thead>
              <tr>
                <th scope="col">Lender</th>
                <th scope="col">Added</th>
              </tr>
            </thead>
            <tbody>
              {lenders.data.lenders.map((lender) => (
                <tr key={lender.id}>
                  <th scope="row">
                    <Link to={`/admin/lenders/${encodeURIComponent(lender.id)}`}>{lender.name}</Link>
                  </th>
                  <td>{formatDate(lender.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add lender">
        {adding && <AddLenderForm onDone={() => setAdding(false)} />}
      </Dialog>
    </AppShell>
  );
}

function AddLenderForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(createLenderRequestSchema, { defaultValues: { name: '' } });
  const create = useCreateLender();
  return (
    <Form
      form={form}
      aria-label="Add lender"
      className={styles.form}
      onSubmit={async (values) => {
        try {
          await create.mutateAsync(values);
          onDone();
        } catch (error) {
          // The 409 names no field: a taken name is the name's problem.
          if (isApiError(error) && error.message === LENDER_NAME_TAKEN_MESSAGE) {
            form.setError('name', { type: 'server', message: error.message });
            form.setFocus('name');
          }
        }
      }}
    >
      <TextField
        name="name"
        label="Lender name"
        autoComplete="off"
        hint='As the lender names itself, e.g. "Example Auto Finance"'
      />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton block={false} size="md" pendingLabel="Adding...">
          Add lender
        </SubmitButton>
      </DialogActions>
    </Form>
  );
}
