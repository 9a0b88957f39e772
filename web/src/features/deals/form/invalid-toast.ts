/**
 * The toast of a submit the schema refused: "Missing information" with the form's own sentence
 * when a required field is blank, else the first field's message.
 */
import { MISSING_INFORMATION_TITLE } from '@shared/validation';
import type { FieldMessage } from '@web/components/ui/form-rules';
import type { ToastInput } from '@web/components/ui/toast';

export function invalidToast(invalid: readonly FieldMessage[], requiredMessage: string): ToastInput {
  if (invalid.some((field) => field.message === requiredMessage)) {
    return { title: MISSING_INFORMATION_TITLE, description: requiredMessage, variant: 'destructive' };
  }
  return { title: 'Please check the form', description: invalid[0]?.message ?? 'Invalid input', variant: 'destructive' };
}
