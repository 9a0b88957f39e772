/**
 * Clients in CSV (docs/decisions.md, "CSV import and export"): the columns an export writes, the mapping of an
 * imported file's columns to client fields (guessed from the headers, changed by the user), each row checked by the
 * same client schema as the client form, and the duplicates inside the file by e-mail and by normalized phone.
 * Pure: the import screen and the API use the same rules.
 */
import { clientSchema, type ClientInput } from '../clients/schemas';
import { normalizedPhone } from '../clients/phone';
import { formatPhone } from '../format';
import { mapColumnsByHeader, valuesOfRecord, type ColumnMapping } from './columns';
import type { CsvValue } from './csv';

/** The client fields a file's columns map to, in the export's column order. */
export const CLIENT_CSV_FIELDS = [
  'fullName',
  'email',
  'phone',
  'address',
  'creditScore',
  'dateOfBirth',
  'preferredMakes',
  'notes',
] as const;
export type ClientCsvField = (typeof CLIENT_CSV_FIELDS)[number];

/** Each field's export header (the first name) and the other headers it is recognised by (compared normalized). */
export const CLIENT_CSV_HEADERS: Record<ClientCsvField, readonly string[]> = {
  fullName: ['Name', 'Full name', 'Client', 'Client name', 'Customer', 'Contact name'],
  email: ['Email', 'E-mail', 'Email address', 'Mail'],
  phone: ['Phone', 'Phone number', 'Mobile', 'Cell', 'Telephone', 'Tel'],
  address: ['Address', 'Street address', 'Mailing address'],
  creditScore: ['Credit score', 'Credit', 'FICO', 'Score'],
  dateOfBirth: ['Date of birth', 'Birth date', 'Birthday', 'DOB'],
  preferredMakes: ['Preferred makes', 'Makes', 'Preferred brands', 'Brands'],
  notes: ['Notes', 'Note', 'Comments', 'Remarks'],
};

export const CLIENT_CSV_FIELD_LABELS: Record<ClientCsvField, string> = {
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  creditScore: 'Credit score',
  dateOfBirth: 'Date of birth',
  preferredMakes: 'Preferred makes',
  notes: 'Notes',
};

/** The export's header row. */
export const CLIENT_CSV_HEADER: string[] = CLIENT_CSV_FIELDS.map((field) => CLIENT_CSV_HEADERS[field][0]!);

/** What an export writes of a client (its values as the client form shows them). */
export interface ClientCsvSource {
  fullName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  creditScore: number | null;
  dateOfBirth: string | null;
  preferredMakes: string[];
  notes: string | null;
}

/**
 * One exported row, in CLIENT_CSV_HEADER's order; the makes as the form's comma-separated text, the phone as people
 * write it (format.ts `formatPhone`: one format whatever was typed; it re-imports to the same normalized phone).
 */
export function clientCsvValues(client: ClientCsvSource): CsvValue[] {
  return [
    client.fullName,
    client.email,
    client.phone === null ? null : formatPhone(client.phone),
    client.address,
    client.creditScore,
    client.dateOfBirth,
    client.preferredMakes.join(', '),
    client.notes,
  ];
}

/** For each field, the index of the file's column it is read from, or null (not imported). */
export type ClientColumnMapping = ColumnMapping<ClientCsvField>;

/** The mapping guessed from a file's headers (shared/transfers/columns.ts). */
export const autoMapColumns = (headers: readonly string[]): ClientColumnMapping =>
  mapColumnsByHeader(CLIENT_CSV_FIELDS, CLIENT_CSV_HEADERS, headers);

/** A row's mapped values as text: what the import sends and the schema checks. */
export type ClientImportValues = Partial<Record<ClientCsvField, string>>;

/** The row's cells under `mapping` (missing cells and unmapped fields are left out; cells trimmed). */
export const mappedValues = (record: readonly string[], mapping: ClientColumnMapping): ClientImportValues =>
  valuesOfRecord(CLIENT_CSV_FIELDS, record, mapping);

/** The values as the client schema's input: a credit score written as digits is a number. */
export function clientInputOf(values: ClientImportValues): ClientInput {
  const { creditScore, ...rest } = values;
  const score = creditScore !== undefined && /^\d+$/.test(creditScore) ? Number(creditScore) : creditScore;
  return {
    ...rest,
    fullName: rest.fullName ?? '',
    email: rest.email ?? '',
    ...(score !== undefined ? { creditScore: score } : {}),
  };
}

export interface ClientRowCheck {
  /** The row's errors by field (the client form's messages), empty when the row is importable. */
  errors: Partial<Record<ClientCsvField, string>>;
}

/** A row checked by the client form's schema: each field's first message. */
export function checkClientRow(values: ClientImportValues): ClientRowCheck {
  const result = clientSchema.safeParse(clientInputOf(values));
  const errors: ClientRowCheck['errors'] = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ClientCsvField | undefined;
      if (field && !(field in errors)) errors[field] = issue.message;
    }
  }
  return { errors };
}

/** The key a duplicate is found by: the e-mail lower-cased, or the normalized phone. */
export const emailDuplicateKey = (email: string | undefined) => (email ? email.trim().toLowerCase() : null);

/**
 * For each row, the index of an earlier row of the file with the same e-mail (case-insensitive) or the same
 * normalized phone, or null: the first row of a group is imported, the later ones are duplicates within the file.
 */
export function duplicatesInFile(rows: readonly ClientImportValues[]): (number | null)[] {
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  return rows.map((row, index) => {
    const email = emailDuplicateKey(row.email);
    const phone = normalizedPhone(row.phone);
    const earlier = (email ? byEmail.get(email) : undefined) ?? (phone ? byPhone.get(phone) : undefined);
    if (email && !byEmail.has(email)) byEmail.set(email, index);
    if (phone && !byPhone.has(phone)) byPhone.set(phone, index);
    return earlier ?? null;
  });
}
