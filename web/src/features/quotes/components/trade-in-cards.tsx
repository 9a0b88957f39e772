/**
 * The trade-in cards of step 2: one or more vehicles, each with its own "Do you owe money on it?" and, when owed,
 * the lienholder and the amount. Cards after the first can be removed; a button adds another (up to the intake's
 * limit). Only the first card fills the lead's trade-in columns; the others reach the team in additional_notes.
 */
import { useEffect, useRef, useState } from 'react';
import { QUOTE_TRADE_IN_CONDITIONS, QUOTE_TRADE_IN_CONDITION_LABELS } from '@shared/quotes/enums';
import { QUOTE_MAX_TRADE_INS } from '@shared/quotes/schemas';
import { Button } from '@web/components/ui/button';
import { withoutIndex } from '../form-state';
import { emptyTradeIn } from '../wizard';
import { NumberInput, SelectInput, TextInput, YesNo } from './quote-fields';
import { useQuoteField, useQuoteForm } from './quote-form';
import styles from './quote.module.css';

const CONDITION_OPTIONS = QUOTE_TRADE_IN_CONDITIONS.map((value) => ({
  value,
  label: `${value} - ${QUOTE_TRADE_IN_CONDITION_LABELS[value]}`,
}));

function TradeInCard({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const prefix = `tradeIns.${index}`;
  const owes = useQuoteField<boolean>(`${prefix}.hasLienholder`).value === true;
  return (
    <section className={styles.tradeInCard} aria-labelledby={`trade-in-${index}`}>
      <div className={styles.tradeInHeader}>
        <h3 id={`trade-in-${index}`} className={styles.tradeInTitle} tabIndex={-1}>
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
  const form = useQuoteForm();
  const cards = form.values.tradeIns;
  // A stable key per card, so removing one keeps what the others show (the text typed in their number fields).
  const lastKey = useRef(0);
  const [keys, setKeys] = useState(() => cards.map(() => (lastKey.current += 1)));
  const add = () => {
    const key = (lastKey.current += 1);
    form.setValue('tradeIns', [...cards, emptyTradeIn()]);
    setKeys((current) => [...current, key]);
  };
  // After a removal, focus goes to the card before it (the removed card's button is gone).
  const focusAfterRemoval = useRef<number | null>(null);
  const remove = (index: number) => {
    form.setValue('tradeIns', withoutIndex(cards, index));
    setKeys((current) => withoutIndex(current, index));
    focusAfterRemoval.current = index - 1;
  };
  useEffect(() => {
    if (focusAfterRemoval.current === null) return;
    document.getElementById(`trade-in-${focusAfterRemoval.current}`)?.focus();
    focusAfterRemoval.current = null;
  }, [cards.length]);
  return (
    <div className={styles.tradeIns}>
      {cards.map((_, index) => (
        <TradeInCard key={keys[index]} index={index} onRemove={index > 0 ? () => remove(index) : undefined} />
      ))}
      {cards.length < QUOTE_MAX_TRADE_INS && (
        <Button variant="secondary" onClick={add}>
          Add another trade-in
        </Button>
      )}
    </div>
  );
}
