/**
 * /programs (approved brokers and admins; docs/decisions.md, "Programs"): find the lender programs for a vehicle.
 * The broker gives the model year, make, model (a trim, optional), term, annual miles, state (a ZIP, optional) and the
 * date, and sees every lender's program row in effect then, each naming its lender and month, read only. The search
 * lives in the address, so a reload or a shared link shows the same programs.
 */
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod';
import { matchQuerySchema, type MatchQuery } from '@shared/programs/api';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { useProgramMatch } from '@web/components/desking/programs-api';
import { localDate } from '@shared/programs/desk';
import { ProgramRowsTable } from './program-rows-table';
import styles from './programs.module.css';

const QUERY_FIELDS = ['year', 'make', 'model', 'trim', 'termMonths', 'milesPerYear', 'state', 'zip', 'date'] as const;

/** The query's rules, with the optional ZIP left blank in its field (the query leaves it out). */
const finderSchema = matchQuerySchema.extend({
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'ZIP must be 5 digits')
    .optional(),
});

/** The search in the address, when it is a whole one. */
function searchOf(params: URLSearchParams): MatchQuery | null {
  const values = Object.fromEntries(QUERY_FIELDS.flatMap((field) => (params.get(field) ? [[field, params.get(field)!]] : [])));
  return matchQuerySchema.safeParse(values).success ? (values as MatchQuery) : null;
}

export function ProgramFinderPage() {
  useDocumentTitle('Find programs');
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const match = useProgramMatch(search);
  const form = useZodForm(finderSchema, {
    defaultValues: {
      year: params.get('year') ?? '',
      make: params.get('make') ?? '',
      model: params.get('model') ?? '',
      trim: params.get('trim') ?? '',
      termMonths: params.get('termMonths') ?? '36',
      milesPerYear: params.get('milesPerYear') ?? '10000',
      state: params.get('state') ?? '',
      zip: params.get('zip') ?? '',
      date: params.get('date') ?? localDate(new Date()),
    },
  });

  return (
    <AppShell>
      <PageHeader
        title="Find programs"
        description="Every lender's program for a vehicle, term and mileage in effect on a date in a state."
        actions={
          user?.role === 'admin' ? (
            <Link to="/admin/lenders" className={buttonClassName({ variant: 'secondary' })}>
              Lenders and imports
            </Link>
          ) : undefined
        }
      />
      <div className={styles.stack}>
        <Form
          form={form}
          aria-label="Find programs"
          className={styles.search}
          onSubmit={async (values) => {
            const next = new URLSearchParams();
            for (const field of QUERY_FIELDS) {
              const value = values[field];
              if (value !== undefined && value !== '') next.set(field, String(value));
            }
            setParams(next);
            // The same search again reads again (another import may have landed since).
            if (search && next.toString() === params.toString()) await match.refetch();
          }}
        >
          <TextField name="year" label="Model year" inputMode="numeric" autoComplete="off" />
          <TextField name="make" label="Make" autoComplete="off" />
          <TextField name="model" label="Model" autoComplete="off" />
          <TextField name="trim" label="Trim" optional autoComplete="off" hint="Blank: every trim" />
          <TextField name="termMonths" label="Term (months)" inputMode="numeric" autoComplete="off" />
          <TextField name="milesPerYear" label="Miles per year" inputMode="numeric" autoComplete="off" />
          <TextField name="state" label="State" autoComplete="off" hint="Two letters, e.g. CA" />
          <TextField name="zip" label="ZIP" optional inputMode="numeric" autoComplete="off" />
          <TextField name="date" label="Date" type="date" />
          <div className={styles.searchActions}>
            <SubmitButton block={false} size="md" pendingLabel="Finding...">
              Find programs
            </SubmitButton>
          </div>
        </Form>
        <section aria-label="Search results" aria-live="polite" className={styles.stack}>
          {!search ? (
            <div className={styles.empty}>
              <p>Give the vehicle, term, mileage, state and date to see its programs.</p>
            </div>
          ) : match.isPending ? (
            <LoadingBlock label="Finding programs" />
          ) : match.isError ? (
            <div className={styles.empty}>
              <p role="alert" className={styles.emptyTitle}>
                Error finding programs: {match.error.message}
              </p>
              <Button variant="secondary" onClick={() => void match.refetch()}>
                Try again
              </Button>
            </div>
          ) : match.data.matches.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>No programs found</p>
              <p>No lender has a program for this vehicle, term and mileage in effect on that date in that state.</p>
            </div>
          ) : (
            <>
              <p>{match.data.matches.length === 1 ? '1 program row' : `${match.data.matches.length} program rows`} found.</p>
              <ProgramRowsTable
                caption="Programs found"
                rows={match.data.matches}
                rowKey={(row, index) => `${row.lenderId}|${row.month}|${index}`}
                lead={{
                  heading: 'Program',
                  cell: (row) => (
                    <>
                      {row.programLabel}
                      <br />
                      <span className={styles.muted}>Max MF {row.maxMoneyFactor}</span>
                    </>
                  ),
                }}
              />
            </>
          )}
        </section>
      </div>
    </AppShell>
  );
}
