/**
 * The trade-in cards of step 2: one or more vehicles, each with its own "Do you owe money on it?" and, when owed,
 * the lienholder and the amount. Cards after the first can be removed; a button adds another (up to the intake's
 * limit). Only the first card fills the lead's trade-in columns; the others reach the team in additional_notes.
 */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { QUOTE_TRADE_IN_CONDITIONS, QUOTE_TRADE_IN_CONDITION_LABELS } from '@shared/quotes/enums';
import { QUOTE_MAX_TRADE_INS } from '@shared/quotes/schemas';
import { Button } from '@web/components/ui/button';
import { emptyTradeIn, type QuoteFormValues } from '../wizard';
import { NumberInput, SelectInput, TextInput, YesNo } from './quote-fields';
import styles from './quote.module.css';

const CONDITION_OPTIONS = QUOTE_TRADE_IN_CONDITIONS.map((value) => ({
  value,
  label: `${value} - ${QUOTE_TRADE_IN_CONDITION_LABELS[value]}`,
}));

function TradeInCard({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const owes = useWatch<QuoteFormValues>({ name: `tradeIns.${index}.hasLienholder` }) === true;
  const prefix = `tradeIns.${index}`;
  return (
    <section className={styles.tradeInCard} aria-labelledby={`trade-in-${index}`}>
      <div className={styles.tradeInHeader}>
        <h3 id={`trade-in-${index}`} className={styles.tradeInTitle}>
          Trade-in #{index + 1}
        </h3>
        {onRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove trade-in #${index + 1}`}>
            Remove
          </Button>
        )}
      </div>
      <div className={styles.grid}>
        <NumberInput name={`${prefix}.year`} label="Year" integer />
        <TextInput name={`${prefix}.make`} label="Make" />
        <TextInput name={`${prefix}.model`} label="Model" />
        <NumberInput name={`${prefix}.mileage`} label="Mileage" integer />
        <SelectInput name={`${prefix}.condition`} label="Condition" options={CONDITION_OPTIONS} numeric />
      </div>
      <YesNo name={`${prefix}.hasLienholder`} legend="Do you owe money on it?" />
      {owes && (
        <div className={styles.grid}>
          <TextInput name={`${prefix}.lienholderName`} label="Lienholder (bank name)" required />
          <NumberInput name={`${prefix}.payoffBalance`} label="Amount owed ($)" required />
        </div>
      )}
    </section>
  );
}

export function TradeInCards() {
  const { control } = useFormContext<QuoteFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tradeIns' });
  return (
    <div className={styles.tradeIns}>
      {fields.map((field, index) => (
        <TradeInCard key={field.id} index={index} onRemove={index > 0 ? () => remove(index) : undefined} />
      ))}
      {fields.length < QUOTE_MAX_TRADE_INS && (
        <Button variant="secondary" onClick={() => append(emptyTradeIn() as never)}>
          Add another trade-in
        </Button>
      )}
    </div>
  );
}
