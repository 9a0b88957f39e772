import { useWatch } from 'react-hook-form';
import { vinCheckIssue } from '@shared/vehicles/vin';
import { TextField } from '@web/components/ui/form';

/**
 * The VIN input of the vehicle and deal forms. The schema refuses a North American VIN whose check digit is wrong
 * (the message names the digit expected); any other VIN whose 9th character is not its check digit may be right
 * (the check digit is not required outside North America), so it is only flagged under the field while typing.
 */
export function VinField({ name = 'vin' }: { name?: string }) {
  const value = useWatch({ name }) as unknown;
  const issue = typeof value === 'string' ? vinCheckIssue(value.trim()) : null;
  return (
    <TextField
      name={name}
      label="VIN"
      optional
      autoComplete="off"
      hint={issue?.severity === 'warning' ? issue.message : undefined}
    />
  );
}
