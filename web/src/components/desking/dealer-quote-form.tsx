/**
 * "Add a dealer quote" on the desk's Compare panel (docs/decisions.md, "Comparison"): a dealership's monthly payment,
 * due at signing (first payment included), term, miles a year and refundable deposits, typed by hand. It sits inside
 * the deal form, so Enter in a field adds the quote instead of saving the deal.
 */
import { useRef, useState } from 'react';
import type { DealerQuote } from '@shared/programs/compare';
import { Button } from '@web/components/ui/button';
import { enterStaysInPanel } from '@web/components/ui/enter-key';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { emptyDealerQuote, readDealerQuote, type DealerQuoteField, type DealerQuoteText } from './compare';
import styles from './compare-panel.module.css';

const LABELS: Record<DealerQuoteField, { label: string; hint?: string }> = {
  label: { label: 'Dealership' },
  // Not "Monthly payment" or "Term (months)": the deal form around the desk has fields of those names.
  monthlyPayment: { label: 'Payment a month' },
  dueAtSigning: { label: 'Due at signing', hint: 'First payment included' },
  termMonths: { label: 'Lease length (months)' },
  milesPerYear: { label: 'Miles a year' },
  refundableDeposits: { label: 'Refundable deposits', hint: 'Part of due at signing; blank for none' },
};

export interface DealerQuoteFormProps {
  termMonths?: number;
  milesPerYear?: number;
  onAdd: (quote: Omit<DealerQuote, 'id'>) => void;
}

export function DealerQuoteForm({ termMonths, milesPerYear, onAdd }: DealerQuoteFormProps) {
  const [text, setText] = useState<DealerQuoteText>(() => emptyDealerQuote(termMonths, milesPerYear));
  const [errors, setErrors] = useState<Partial<Record<DealerQuoteField, string>>>({});
  const inputs = useRef<Partial<Record<DealerQuoteField, HTMLInputElement | null>>>({});

  const add = () => {
    const reading = readDealerQuote(text);
    if (!reading.ok) {
      setErrors(reading.errors);
      const first = (Object.keys(LABELS) as DealerQuoteField[]).find((field) => reading.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    onAdd(reading.quote);
    setErrors({});
    setText(emptyDealerQuote(termMonths, milesPerYear));
    inputs.current.label?.focus();
  };

  return (
    <fieldset className={styles.quoteForm} onKeyDown={enterStaysInPanel(add)}>
      <legend>Add a dealer quote</legend>
      <div className={styles.quoteFields}>
        {(Object.keys(LABELS) as DealerQuoteField[]).map((field) => (
          <Field key={field} label={LABELS[field].label} hint={LABELS[field].hint} error={errors[field]}>
            {(control) => (
              <Input
                {...control}
                ref={(input) => {
                  inputs.current[field] = input;
                }}
                type="text"
                inputMode={field === 'label' ? 'text' : 'decimal'}
                autoComplete="off"
                value={text[field]}
                onChange={(event) => setText((current) => ({ ...current, [field]: event.target.value }))}
              />
            )}
          </Field>
        ))}
      </div>
      <div className={styles.quoteActions}>
        <Button type="button" variant="secondary" onClick={add}>
          Add dealer quote
        </Button>
      </div>
    </fieldset>
  );
}
