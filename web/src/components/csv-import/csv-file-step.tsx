/**
 * The first step of every CSV import screen (clients, lender programs; docs/decisions.md, "CSV import and export"):
 * a file input that takes a .csv of at most `maxBytes`, reads it with a progress bar and parses it with the shared
 * parser (shared/transfers/csv.ts). A file that is not one, too large, without rows under its header or with more
 * than `maxRows` is refused under the input with the import's own words; a parsed file is handed to `onChosen`
 * (`null` while nothing usable is chosen).
 */
import { useId, useState } from 'react';
import { CsvParseError, parseCsv } from '@shared/transfers/csv';
import { fileExtension } from '@shared/uploads/schemas';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import styles from './csv-import.module.css';

export interface ChosenCsvFile {
  name: string;
  header: string[];
  records: string[][];
}

export interface CsvFileLimits {
  maxBytes: number;
  maxRows: number;
  messages: { notCsv: string; tooLarge: string; noRows: string; tooManyRows: string };
}

/** Reads a chosen file as text, reporting the percentage read. */
function readFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}

export interface CsvFileStepProps {
  limits: CsvFileLimits;
  hint: string;
  disabled?: boolean;
  onChosen: (file: ChosenCsvFile | null) => void;
}

export function CsvFileStep({ limits, hint, disabled, onChosen }: CsvFileStepProps) {
  const [fileError, setFileError] = useState<string>();
  const [readPercent, setReadPercent] = useState<number | null>(null);
  const progressId = useId();

  const choose = async (chosen: File | undefined) => {
    onChosen(null);
    setFileError(undefined);
    if (!chosen) return;
    if (fileExtension(chosen.name) !== 'csv') return setFileError(limits.messages.notCsv);
    if (chosen.size > limits.maxBytes) return setFileError(limits.messages.tooLarge);
    try {
      setReadPercent(0);
      const [header, ...records] = parseCsv(await readFile(chosen, setReadPercent));
      if (!header || records.length === 0) return setFileError(limits.messages.noRows);
      if (records.length > limits.maxRows) return setFileError(limits.messages.tooManyRows);
      onChosen({ name: chosen.name, header, records });
    } catch (error) {
      setFileError(error instanceof CsvParseError ? error.message : 'The file could not be read');
    } finally {
      setReadPercent(null);
    }
  };

  return (
    <>
      <Field label="CSV file" error={fileError} hint={hint}>
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,text/csv"
            disabled={disabled}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        )}
      </Field>
      {readPercent !== null && (
        <div>
          <label htmlFor={progressId} className="visually-hidden">
            Reading the file
          </label>
          <progress id={progressId} className={styles.progress} max={100} value={readPercent} />
        </div>
      )}
    </>
  );
}
