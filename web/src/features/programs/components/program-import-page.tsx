/**
 * /admin/lenders/:lenderId/import, "Import a program" (admins; docs/decisions.md, "Programs" and "CSV import and
 * export"): the client import's flow and pieces (web/src/components/csv-import). Choose a CSV file, match its columns
 * to the program's fields (guessed from the headers), say the program's month, check every row with the rules the API
 * applies (shared/programs/rows.ts: each problem names its row and field), then import in chunks with a progress
 * bar. A program with a problem in any row is not imported at all (a missing row would quote a vehicle from no
 * program). The import is resumable: a failure stops at the version's cursor and "Resume import" continues from
 * there; after a reload, choosing the same file for the same month does too (the API answers the unfinished version).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_TOO_LARGE_MESSAGE, IMPORT_NOT_CSV_MESSAGE } from '@shared/transfers/api';
import {
  monthSchema,
  PROGRAM_NO_ROWS_MESSAGE,
  PROGRAM_ROWS_MAX,
  PROGRAM_TOO_MANY_ROWS_MESSAGE,
  VERSION_EXISTS_MESSAGE,
  VERSION_OTHER_FILE_MESSAGE,
  type ProgramVersion,
} from '@shared/programs/api';
import {
  autoMapProgramColumns,
  checkProgramRow,
  monthLabel,
  PROGRAM_CSV_FIELD_LABELS,
  PROGRAM_CSV_FIELDS,
  programValues,
  rowProblemMessage,
  type ProgramColumnMapping,
  type ProgramCsvField,
} from '@shared/programs/rows';
import { ColumnMappingFields, focusMappingField } from '@web/components/csv-import/column-mapping';
import { CsvFileStep, type ChosenCsvFile, type CsvFileLimits } from '@web/components/csv-import/csv-file-step';
import importStyles from '@web/components/csv-import/csv-import.module.css';
import { ImportProgress } from '@web/components/csv-import/import-progress';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import tableStyles from '@web/components/ui/table.module.css';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { programKeys, runProgramImport, useLenderVersions } from '../api/programs';
import { programMonthOf, unmappedRequiredFields } from '../program-import';
import styles from './programs.module.css';

/** Rows shown in the preview table; every problem is listed above it. */
const PREVIEW_ROWS = 10;
/** Problems listed by name: a file with more is a wrong mapping or a wrong file, and the first ones say so. */
const PROBLEMS_LISTED = 50;

const FILE_LIMITS: CsvFileLimits = {
  maxBytes: IMPORT_FILE_MAX_BYTES,
  maxRows: PROGRAM_ROWS_MAX,
  messages: {
    notCsv: IMPORT_NOT_CSV_MESSAGE,
    tooLarge: IMPORT_FILE_TOO_LARGE_MESSAGE,
    noRows: PROGRAM_NO_ROWS_MESSAGE,
    tooManyRows: PROGRAM_TOO_MANY_ROWS_MESSAGE,
  },
};

export function ProgramImportPage() {
  useDocumentTitle('Import a program');
  const { lenderId = '' } = useParams();
  const lenderPath = `/admin/lenders/${encodeURIComponent(lenderId)}`;
  const queryClient = useQueryClient();
  const versions = useLenderVersions(lenderId);
  const unfinished = versions.data?.versions.find((version) => version.status === 'importing');
  const [file, setFile] = useState<ChosenCsvFile | null>(null);
  const [mapping, setMapping] = useState<ProgramColumnMapping | null>(null);
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<ProgramCsvField, string>>>({});
  const [month, setMonth] = useState('');
  const [monthError, setMonthError] = useState<string>();
  const [version, setVersion] = useState<ProgramVersion | null>(null);
  const [importError, setImportError] = useState<string>();
  const [importing, setImporting] = useState(false);
  const running = useRef(false);
  const mappingRef = useRef<HTMLDivElement>(null);
  const monthRef = useRef<HTMLInputElement>(null);
  const problemsId = useId();

  /** Every row under the mapping, checked. */
  const rows = useMemo(() => {
    if (!file || !mapping) return [];
    return file.records.map((record) => {
      const values = programValues(record, mapping);
      return { values, check: checkProgramRow(values) };
    });
  }, [file, mapping]);
  const problems = rows.flatMap(({ check }, index) =>
    check.field === null ? [] : [rowProblemMessage(index, check.field, check.message)],
  );

  const choose = (chosen: ChosenCsvFile | null) => {
    setFile(chosen);
    setVersion(null);
    setImportError(undefined);
    setMappingErrors({});
    if (!chosen) return;
    const guessed = autoMapProgramColumns(chosen.header);
    setMapping(guessed);
    // An unfinished import is most likely what this file resumes; else the month the file's rows take effect.
    setMonth((current) => current || unfinished?.month || programMonthOf(chosen.records, guessed, new Date()));
    setMonthError(undefined);
  };

  const mapColumn = (field: ProgramCsvField, column: number | null) => {
    setMapping((current) => current && { ...current, [field]: column });
    setMappingErrors((current) => ({ ...current, [field]: undefined }));
  };

  const start = async () => {
    if (running.current || !file || !mapping) return;
    const unmapped = unmappedRequiredFields(mapping);
    const monthProblem = monthSchema.safeParse(month).error?.issues[0]?.message;
    setMonthError(monthProblem);
    setMappingErrors(
      Object.fromEntries(
        unmapped.map((field) => [field, `Choose the column that holds the ${PROGRAM_CSV_FIELD_LABELS[field].toLowerCase()}`]),
      ),
    );
    // Focus the first invalid field in the order the screen shows them: the month, then the columns.
    if (monthProblem) return monthRef.current?.focus();
    if (unmapped[0]) return focusMappingField(mappingRef.current, unmapped[0]);
    running.current = true;
    setImporting(true);
    setImportError(undefined);
    try {
      const done = await runProgramImport(
        { lenderId, month, fileName: file.name, rows: rows.map((row) => row.values) },
        setVersion,
      );
      setVersion(done);
      toast({ title: 'Program imported', description: `${done.label}: ${done.total} rows.`, variant: 'success' });
    } catch (error) {
      logger.error('Program import stopped', error);
      const message = (error as Error).message;
      if (isApiError(error) && [VERSION_EXISTS_MESSAGE, VERSION_OTHER_FILE_MESSAGE].includes(message)) {
        // About the month chosen, not the rows: said on the month field.
        setMonthError(message);
        monthRef.current?.focus();
      } else {
        setImportError(message);
      }
      toast({ title: 'Program not imported', description: message, variant: 'destructive' });
    } finally {
      running.current = false;
      setImporting(false);
      await queryClient.invalidateQueries({ queryKey: programKeys.versions(lenderId) });
    }
  };

  const lenderName = versions.data?.lender.name;
  return (
    <AppShell>
      <PageHeader
        title="Import a program"
        description={
          lenderName
            ? `A month's lease program of ${lenderName} from a CSV file (as docs/examples/programs.csv).`
            : "A month's lease program from a CSV file."
        }
        actions={
          <Link to={lenderPath} className={buttonClassName({ variant: 'secondary' })}>
            Back to the lender
          </Link>
        }
      />
      {versions.isError && !versions.data ? (
        // No file step for a lender that cannot be read: a file chosen here could never be imported (a stale link
        // to a lender that does not exist is a 404), so the page says why instead (docs/decisions.md, "Programs").
        // A refresh failing after the first load (the import's own refetch) keeps the import on screen.
        <div className={styles.empty}>
          <p role="alert" className={styles.emptyTitle}>
            {versions.error.message}
          </p>
          {!(isApiError(versions.error) && versions.error.status === 404) && (
            <Button variant="secondary" onClick={() => void versions.refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : (
        <div className={importStyles.steps}>
          {unfinished && !version && (
            <p role="status">
              The {monthLabel(unfinished.month)} import stopped at {unfinished.cursor} of {unfinished.total} rows: choose the same
              file ({unfinished.fileName}) to resume it.
            </p>
          )}
          <section className={importStyles.step} aria-label="File">
            <h2 className={importStyles.heading}>1. Choose a file</h2>
            <CsvFileStep
              limits={FILE_LIMITS}
              hint="UTF-8, with a header row; at most 5 MB and 10,000 rows."
              disabled={importing}
              onChosen={choose}
            />
          </section>

          {file && mapping && (
            <>
              <section className={importStyles.step} aria-label="Columns">
                <h2 className={importStyles.heading}>2. Match the columns</h2>
                <ColumnMappingFields
                  ref={mappingRef}
                  fields={PROGRAM_CSV_FIELDS}
                  labels={PROGRAM_CSV_FIELD_LABELS}
                  header={file.header}
                  mapping={mapping}
                  errors={mappingErrors}
                  disabled={importing}
                  onChange={mapColumn}
                />
              </section>

              <section className={importStyles.step} aria-label="Preview">
                <h2 className={importStyles.heading}>3. Check the rows</h2>
                <p aria-live="polite">
                  {rows.length} rows: {rows.length - problems.length} ready, {problems.length} with problems.
                </p>
                {problems.length > 0 && (
                  <div role="alert" className={importStyles.error}>
                    <p id={problemsId}>
                      A program is imported whole: correct these rows in the file (or the columns above) and choose it again.
                    </p>
                    <ul className={importStyles.issues} aria-labelledby={problemsId}>
                      {problems.slice(0, PROBLEMS_LISTED).map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                    {problems.length > PROBLEMS_LISTED && <p>and {problems.length - PROBLEMS_LISTED} more rows with problems.</p>}
                  </div>
                )}
                <PreviewTable rows={rows.slice(0, PREVIEW_ROWS)} />
              </section>

              <section className={importStyles.step} aria-label="Import">
                <h2 className={importStyles.heading}>4. Import</h2>
                <Field label="Program month" error={monthError} hint="The month this program is for: each month is a version.">
                  {(control) => (
                    <Input
                      {...control}
                      ref={monthRef}
                      type="month"
                      value={month}
                      disabled={importing || version?.status === 'ready'}
                      onChange={(event) => {
                        setMonth(event.target.value);
                        setMonthError(undefined);
                      }}
                    />
                  )}
                </Field>
                {version && <ImportProgress done={version.cursor} total={version.total} />}
                {version?.status === 'ready' ? (
                  <p role="status">
                    Import finished: {version.label}, {version.total} rows.{' '}
                    <Link to={`${lenderPath}/${version.month}`}>See the program</Link>
                  </p>
                ) : (
                  <div className={importStyles.actions}>
                    {importError && (
                      <p role="alert" className={importStyles.error}>
                        The import stopped: {importError} What was imported is kept; Resume continues from there.
                      </p>
                    )}
                    <Button isLoading={importing} disabled={problems.length > 0} onClick={() => void start()}>
                      {importError || (version && version.cursor > 0) ? 'Resume import' : `Import ${rows.length} rows`}
                    </Button>
                  </div>
                )}
              </section>
            </>
          )}
        </div>
      )}
    </AppShell>
  );
}

function PreviewTable({
  rows,
}: {
  rows: readonly { values: Record<string, string | undefined>; check: ReturnType<typeof checkProgramRow> }[];
}) {
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table} aria-label="Preview of the first rows">
        <thead>
          <tr>
            {['Row', 'Vehicle', 'Term', 'Miles', 'Residual %', 'Buy rate MF', 'Effective', 'Issues'].map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ values, check }, index) => (
            <tr key={index}>
              <td>{index + 2}</td>
              <td>{[values.year, values.make, values.model, values.trim].filter(Boolean).join(' ') || '—'}</td>
              <td>{values.termMonths ?? '—'}</td>
              <td>{values.milesPerYear ?? '—'}</td>
              <td>{values.residualPercent ?? '—'}</td>
              <td>{values.buyRateMoneyFactor ?? '—'}</td>
              <td>
                {values.effectiveFrom ?? '—'} to {values.effectiveTo ?? '—'}
              </td>
              <td>
                {check.field === null ? (
                  <span className={styles.muted}>Ready</span>
                ) : (
                  `${PROGRAM_CSV_FIELD_LABELS[check.field]}: ${check.message}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
