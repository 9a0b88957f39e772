/**
 * /clients/import, "Import clients" (docs/decisions.md, "CSV import and export"): choose a CSV file (at most 5 MB,
 * read with a progress bar), map its columns to client fields (guessed from the headers), preview the first rows
 * with each row's problems (the client form's rules, a duplicate within the file, an existing client with the same
 * e-mail or phone), choose what a duplicate does (skip, or update the existing client), then import with a progress
 * bar. The import is resumable: a failure stops at the job's cursor and "Resume" continues from there (so does
 * choosing the same file again later). Admins and approved, licensed brokers (the guard sends others away).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DUPLICATE_POLICIES,
  IMPORT_EMAIL_NOT_MAPPED_MESSAGE,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  IMPORT_NAME_NOT_MAPPED_MESSAGE,
  IMPORT_NO_ROWS_MESSAGE,
  IMPORT_NOT_CSV_MESSAGE,
  IMPORT_ROWS_MAX,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  type DuplicatePolicy,
  type ImportJob,
} from '@shared/transfers/api';
import {
  autoMapColumns,
  checkClientRow,
  CLIENT_CSV_FIELD_LABELS,
  CLIENT_CSV_FIELDS,
  duplicatesInFile,
  mappedValues,
  type ClientColumnMapping,
  type ClientCsvField,
} from '@shared/transfers/client-rows';
import { ColumnMappingFields, focusMappingField } from '@web/components/csv-import/column-mapping';
import { CsvFileStep, type ChosenCsvFile, type CsvFileLimits } from '@web/components/csv-import/csv-file-step';
import styles from '@web/components/csv-import/csv-import.module.css';
import { ImportProgress } from '@web/components/csv-import/import-progress';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import tableStyles from '@web/components/ui/table.module.css';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { findExistingClients, runImport } from '../api/client-import';

/** Rows shown in the preview. */
const PREVIEW_ROWS = 10;
const POLICY_LABELS: Record<DuplicatePolicy, string> = {
  skip: 'Skip duplicates',
  update: 'Update the existing client',
};

const FILE_LIMITS: CsvFileLimits = {
  maxBytes: IMPORT_FILE_MAX_BYTES,
  maxRows: IMPORT_ROWS_MAX,
  messages: {
    notCsv: IMPORT_NOT_CSV_MESSAGE,
    tooLarge: IMPORT_FILE_TOO_LARGE_MESSAGE,
    noRows: IMPORT_NO_ROWS_MESSAGE,
    tooManyRows: IMPORT_TOO_MANY_ROWS_MESSAGE,
  },
};

export function ClientImportPage() {
  useDocumentTitle('Import clients');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<ChosenCsvFile | null>(null);
  const [mapping, setMapping] = useState<ClientColumnMapping | null>(null);
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<ClientCsvField, string>>>({});
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [job, setJob] = useState<ImportJob | null>(null);
  const [importError, setImportError] = useState<string>();
  const [importing, setImporting] = useState(false);
  const running = useRef(false);
  const mappingRef = useRef<HTMLDivElement>(null);
  const policyName = useId();

  const choose = (chosen: ChosenCsvFile | null) => {
    setFile(chosen);
    setMapping(chosen && autoMapColumns(chosen.header));
    setJob(null);
    setImportError(undefined);
  };

  /** Every row under the mapping, with its problems. */
  const rows = useMemo(() => {
    if (!file || !mapping) return [];
    const values = file.records.map((record) => mappedValues(record, mapping));
    const duplicates = duplicatesInFile(values);
    return values.map((value, index) => ({
      values: value,
      errors: checkClientRow(value).errors,
      duplicateOf: duplicates[index],
    }));
  }, [file, mapping]);

  const existing = useQuery({
    queryKey: ['client-import-matches', file?.name, rows.map((row) => `${row.values.email}|${row.values.phone}`).join('\n')],
    queryFn: ({ signal }) =>
      findExistingClients(
        rows.map((row) => row.values),
        signal,
      ),
    enabled: rows.length > 0,
  });

  const importable = rows.filter((row) => Object.keys(row.errors).length === 0 && row.duplicateOf === null);
  // What the import will create or update: under "skip", a row matching an existing client is sent but skipped, so
  // the count (and the button) leave it out.
  const toImport =
    policy === 'skip' && existing.data
      ? rows.filter((row, index) => importable.includes(row) && !existing.data.has(index)).length
      : importable.length;
  const withErrors = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  const inFile = rows.filter((row) => row.duplicateOf !== null && Object.keys(row.errors).length === 0).length;
  const matched = existing.data ? rows.filter((_, index) => existing.data.has(index)).length : null;

  const mapColumn = (field: ClientCsvField, column: number | null) => {
    setMapping((current) => current && { ...current, [field]: column });
    setMappingErrors((current) => ({ ...current, [field]: undefined }));
  };

  const start = async () => {
    if (running.current || !file || !mapping) return;
    const missing: Partial<Record<ClientCsvField, string>> = {};
    if (mapping.fullName === null) missing.fullName = IMPORT_NAME_NOT_MAPPED_MESSAGE;
    if (mapping.email === null) missing.email = IMPORT_EMAIL_NOT_MAPPED_MESSAGE;
    if (Object.keys(missing).length > 0) {
      setMappingErrors(missing);
      const field = missing.fullName ? 'fullName' : 'email';
      focusMappingField(mappingRef.current, field);
      return;
    }
    running.current = true;
    setImporting(true);
    setImportError(undefined);
    try {
      const done = await runImport(
        { fileName: file.name, rows: importable.map((row) => row.values), onDuplicate: policy },
        setJob,
      );
      setJob(done);
      await queryClient.invalidateQueries({ queryKey: ['clients'] });
    } catch (error) {
      logger.error('Client import stopped', error);
      setImportError((error as Error).message);
    } finally {
      running.current = false;
      setImporting(false);
    }
  };

  return (
    <AppShell>
      <PageHeader
        title="Import clients"
        description="Bring your book of clients in from a CSV file (a spreadsheet saved as CSV, or a LeaseDesk export)."
        actions={
          <Link to="/clients" className={buttonClassName({ variant: 'secondary' })}>
            Back to Clients
          </Link>
        }
      />
      <div className={styles.steps}>
        <section className={styles.step} aria-label="File">
          <h2 className={styles.heading}>1. Choose a file</h2>
          <CsvFileStep
            limits={FILE_LIMITS}
            hint="UTF-8, with a header row; at most 5 MB and 10,000 clients."
            disabled={importing}
            onChosen={choose}
          />
        </section>

        {file && mapping && (
          <>
            <section className={styles.step} aria-label="Columns">
              <h2 className={styles.heading}>2. Match the columns</h2>
              <ColumnMappingFields
                ref={mappingRef}
                fields={CLIENT_CSV_FIELDS}
                labels={CLIENT_CSV_FIELD_LABELS}
                header={file.header}
                mapping={mapping}
                errors={mappingErrors}
                disabled={importing}
                onChange={mapColumn}
              />
            </section>

            <section className={styles.step} aria-label="Preview">
              <h2 className={styles.heading}>3. Check the rows</h2>
              <p aria-live="polite">
                {rows.length} rows: {toImport} to import, {withErrors} with errors, {inFile} duplicated in the file
                {matched === null ? ', checking existing clients…' : `, ${matched} matching existing clients`}.
              </p>
              <div className={tableStyles.tableWrap}>
                <table className={tableStyles.table} aria-label="Preview of the first rows">
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Full name</th>
                      <th scope="col">Email</th>
                      <th scope="col">Phone</th>
                      <th scope="col">Issues</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.slice(0, PREVIEW_ROWS).map((row, index) => {
                      const match = existing.data?.get(index);
                      const issues = [
                        ...Object.values(row.errors),
                        ...(row.duplicateOf !== null
                          ? [`Duplicate of row ${row.duplicateOf + 2} in this file: not imported`]
                          : []),
                        ...(match
                          ? [`Matches existing client ${match.fullName} (same ${match.by === 'email' ? 'email' : 'phone'})`]
                          : []),
                      ];
                      return (
                        <tr key={index}>
                          <td>{index + 2}</td>
                          <td>{row.values.fullName ?? '—'}</td>
                          <td>{row.values.email ?? '—'}</td>
                          <td>{row.values.phone ?? '—'}</td>
                          <td>
                            {issues.length === 0 ? (
                              <span className={styles.muted}>Ready</span>
                            ) : (
                              <ul className={styles.issues}>
                                {issues.map((issue) => (
                                  <li key={issue}>{issue}</li>
                                ))}
                              </ul>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <fieldset className={styles.policy}>
                <legend>When a client with the same email or phone exists already</legend>
                {DUPLICATE_POLICIES.map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name={policyName}
                      value={value}
                      checked={policy === value}
                      disabled={importing}
                      onChange={() => setPolicy(value)}
                    />{' '}
                    {POLICY_LABELS[value]}
                  </label>
                ))}
              </fieldset>
            </section>

            <section className={styles.step} aria-label="Import">
              <h2 className={styles.heading}>4. Import</h2>
              {job && <ImportProgress done={job.cursor} total={job.total} />}
              {job?.status === 'done' ? (
                <p role="status">
                  Import finished: {job.counts.created} created, {job.counts.updated} updated, {job.counts.skipped} skipped
                  {job.counts.invalid > 0 ? `, ${job.counts.invalid} refused` : ''}. <Link to="/clients">See your clients</Link>
                </p>
              ) : (
                <div className={styles.actions}>
                  {importError && (
                    <p role="alert" className={styles.error}>
                      The import stopped: {importError} What was imported is kept; Resume continues from there.
                    </p>
                  )}
                  <Button isLoading={importing} disabled={toImport === 0} onClick={() => void start()}>
                    {importError || (job && job.cursor > 0) ? 'Resume import' : `Import ${toImport} clients`}
                  </Button>
                </div>
              )}
            </section>
          </>
        )}
      </div>
    </AppShell>
  );
}
