/**
 * The desking panel (docs/data-model.md, "Desking"): the lease calculator's inputs, the live breakdown of the quote
 * with the labels a broker reads, and a grid of terms by cash downs whose cells pick that pair. Used by the deal form
 * (lease deals) and the marketplace vehicle page's "Estimate payment". Controlled: the caller holds the values (the
 * deal form saves them with the deal). All math is shared/lease's (./desking-model.ts).
 */
import { useMemo, useState } from 'react';
import { formatMoneyCents, formatPercent } from '@shared/format';
import type { LeaseFigures, LeaseInput, LeaseQuote } from '@shared/lease/calculate';
import { TAX_METHODS, type TaxMethod } from '@shared/lease/schemas';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { enterStaysInPanel } from '@web/components/ui/enter-key';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { parseNumberInput } from '@web/components/ui/form-rules';
import { Select } from '@web/components/ui/select';
import tableStyles from '@web/components/ui/table.module.css';
import { DEFAULT_GRID_AXES, deskGrid, deskLease, type DeskingNumberField, type DeskingValues } from './desking-model';
import styles from './desking-panel.module.css';

const TAX_METHOD_LABELS: Record<TaxMethod, string> = {
  monthly: 'Monthly (on each payment)',
  'upfront-total': 'Upfront on all payments (NY)',
  'upfront-price': 'Upfront on the price (TX)',
};

/** Every line of the quote, labelled as a broker reads it. */
const BREAKDOWN: readonly (readonly [keyof LeaseFigures, string])[] = [
  ['residualValue', 'Residual value'],
  ['grossCapCost', 'Gross cap cost'],
  ['capCostReduction', 'Cap cost reduction'],
  ['adjustedCapCost', 'Adjusted cap cost'],
  ['depreciation', 'Depreciation / mo'],
  ['rentCharge', 'Rent charge / mo'],
  ['basePayment', 'Base payment'],
  ['monthlyTax', 'Monthly tax'],
  ['monthlyPayment', 'Monthly payment'],
  ['upfrontTax', 'Upfront tax'],
  ['driveOff', 'Due at signing'],
  ['totalOfPayments', 'Total of payments'],
  ['effectiveApr', 'Effective APR'],
];

export interface DeskingTerms {
  input: LeaseInput;
  quote: LeaseQuote;
}

export interface DeskingPanelProps {
  values: DeskingValues;
  onChange: (values: DeskingValues) => void;
  /** Fields shown but not editable (the marketplace estimate: the offer's figures). */
  readOnly?: ReadonlySet<keyof DeskingValues>;
  /** "Use these terms": omitted, there is no button. */
  onUse?: (terms: DeskingTerms) => void;
  /** Accessible name of the panel's region. */
  label?: string;
  /** Every input's message shows, touched or not (the surrounding form was submitted). */
  showAllErrors?: boolean;
  /**
   * Where a number comes from, shown under its input in place of the usual hint: a lender program's label, or
   * "override" for a number typed over the program's (docs/decisions.md, "Programs").
   */
  sources?: Partial<Record<DeskingNumberField, string>>;
}

export function DeskingPanel({
  values,
  onChange,
  readOnly,
  onUse,
  label = 'Desking',
  showAllErrors = false,
  sources,
}: DeskingPanelProps) {
  const outcome = useMemo(() => deskLease(values), [values]);
  const [axes, setAxes] = useState<{ termMonths: number[]; cashDown: number[] }>({
    termMonths: [...DEFAULT_GRID_AXES.termMonths],
    cashDown: [...DEFAULT_GRID_AXES.cashDown],
  });
  const set = (patch: Partial<DeskingValues>) => onChange({ ...values, ...patch });
  const locked = (field: keyof DeskingValues) => readOnly?.has(field) ?? false;
  // A message shows once its input was left, or after "Use these terms" or the form's submit: a panel just opened
  // (a new deal's blank MSRP) does not greet the broker with "required" (docs/decisions.md, "Deal form").
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const touch = (field: string) => setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  const error = (field: string) =>
    outcome.ok || !(showAllErrors || tried || touched.has(field)) ? undefined : outcome.errors[field];
  const shownErrors = outcome.ok ? 0 : Object.keys(outcome.errors).filter((field) => error(field) !== undefined).length;

  const numberInput = (field: DeskingNumberField, fieldLabel: string, hint?: string) => (
    <Field label={fieldLabel} error={error(field)} hint={sources?.[field] ?? hint}>
      {(control) => (
        <Input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={values[field]}
          readOnly={locked(field)}
          onChange={(event) => set({ [field]: event.target.value })}
          onBlur={() => touch(field)}
        />
      )}
    </Field>
  );

  // The grid prices the inputs as they are, with each cell's term and down; it needs an input the calculator takes
  // apart from the term and the down.
  const gridErrors = outcome.ok ? {} : outcome.errors;
  const gridPriceable = Object.keys(gridErrors).every((field) => field === 'termMonths' || field === 'cashDown');
  const grid = useMemo(() => (gridPriceable ? deskGrid(outcome.input, axes) : undefined), [gridPriceable, outcome.input, axes]);
  const selectedTerm = parseNumberInput(values.termMonths);
  const selectedDown = parseNumberInput(values.cashDown) ?? 0;
  const termsEditable = !locked('termMonths') && !locked('cashDown');

  return (
    <section aria-label={label} className={styles.panel}>
      <div className={styles.fields}>
        {numberInput('msrp', 'MSRP')}
        {numberInput('sellingPrice', 'Selling price')}
        {numberInput('residualPercent', 'Residual (%)')}
        <Field label="Rate quoted as">
          {(control) => (
            <Select
              {...control}
              disabled={locked('rateKind')}
              options={[
                { value: 'moneyFactor', label: 'Money factor' },
                { value: 'apr', label: 'APR' },
              ]}
              value={values.rateKind}
              onValueChange={(next) => set({ rateKind: next as DeskingValues['rateKind'] })}
            />
          )}
        </Field>
        {numberInput('rate', 'Rate', values.rateKind === 'apr' ? 'APR in percent, e.g. 3' : 'Money factor, e.g. 0.00125')}
        {numberInput('termMonths', 'Term in months')}
        {numberInput('cashDown', 'Cash down')}
        {numberInput('capitalizedFees', 'Capitalized fees')}
        {numberInput('acquisitionFee', 'Acquisition fee', 'Capitalized')}
        {numberInput('upfrontFees', 'Upfront fees')}
        {numberInput('rebates', 'Rebates')}
        {numberInput('tradeEquity', 'Trade equity', 'Negative for negative equity')}
        {numberInput('taxRatePercent', 'Tax rate (%)')}
        <Field label="Tax method" error={error('taxMethod')}>
          {(control) => (
            <Select
              {...control}
              disabled={locked('taxMethod')}
              options={TAX_METHODS.map((method) => ({ value: method, label: TAX_METHOD_LABELS[method] }))}
              value={values.taxMethod}
              onValueChange={(next) => set({ taxMethod: next as TaxMethod })}
            />
          )}
        </Field>
        <details className={styles.more}>
          <summary>More</summary>
          <div className={styles.moreFields}>
            {numberInput('securityDepositCount', 'Security deposits')}
            {numberInput('securityDepositAmountEach', 'Deposit amount each')}
            {numberInput('securityDepositReductionEach', 'MF reduction per deposit')}
            <label className={styles.checkLabel}>
              <Checkbox
                checked={values.acquisitionFeeTaxable}
                disabled={locked('acquisitionFeeTaxable')}
                onCheckedChange={(checked) => set({ acquisitionFeeTaxable: checked === true })}
                aria-label="Acquisition fee taxable"
              />{' '}
              Acquisition fee taxable
            </label>
            <label className={styles.checkLabel}>
              <Checkbox
                checked={values.zeroDriveOff}
                disabled={locked('zeroDriveOff')}
                onCheckedChange={(checked) => set({ zeroDriveOff: checked === true })}
                aria-label="Zero drive-off"
              />{' '}
              Zero drive-off
            </label>
          </div>
        </details>
      </div>

      {outcome.ok ? (
        <dl className={styles.breakdown} aria-label="Lease breakdown">
          {BREAKDOWN.map(([key, lineLabel]) => (
            <div key={key}>
              <dt>{lineLabel}</dt>
              <dd>{key === 'effectiveApr' ? formatPercent(outcome.quote[key]) : formatMoneyCents(outcome.quote[key])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className={styles.invalid} role="status">
          {shownErrors > 0 ? 'Fix the highlighted inputs to see the lease.' : 'Fill in the inputs to see the lease.'}
        </p>
      )}

      {grid && (
        // The grid's axes are a view of the lease, not the deal: Enter in one applies it (as typed), never saves the
        // deal form around the panel (docs/decisions.md, "Programs"). The lease's own inputs above are the deal's
        // desking, saved with it: Enter there saves the deal as in any of the deal's fields.
        <div className={tableStyles.tableWrap} onKeyDown={enterStaysInPanel()}>
          <table className={[tableStyles.table, styles.gridTable].join(' ')} aria-label="Payment grid">
            <caption className="visually-hidden">Monthly payment by term (rows) and cash down (columns)</caption>
            <thead>
              <tr>
                <th scope="col">Term \ Down</th>
                {axes.cashDown.map((down, column) => (
                  <th scope="col" key={column}>
                    <AxisInput
                      label={`Cash down column ${column + 1}`}
                      value={down}
                      readOnly={!termsEditable}
                      onChange={(next) =>
                        setAxes((current) => ({
                          ...current,
                          cashDown: current.cashDown.map((d, i) => (i === column ? next : d)),
                        }))
                      }
                    />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {axes.termMonths.map((term, row) => (
                <tr key={row}>
                  <th scope="row">
                    <AxisInput
                      label={`Term row ${row + 1} (months)`}
                      value={term}
                      readOnly={!termsEditable}
                      onChange={(next) =>
                        setAxes((current) => ({
                          ...current,
                          termMonths: current.termMonths.map((t, i) => (i === row ? next : t)),
                        }))
                      }
                    />
                  </th>
                  {axes.cashDown.map((down, column) => {
                    const quote = grid[row]?.[column];
                    const name = `${term} months, ${formatMoneyCents(down)} down`;
                    return (
                      <td key={column}>
                        {quote ? (
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            className={styles.cell}
                            aria-pressed={term === selectedTerm && down === selectedDown}
                            aria-label={`${name}: ${formatMoneyCents(quote.monthlyPayment)} a month`}
                            disabled={!termsEditable}
                            onClick={() => set({ termMonths: String(term), cashDown: String(down) })}
                          >
                            {formatMoneyCents(quote.monthlyPayment)}
                          </Button>
                        ) : (
                          <span aria-label={`${name}: not available`}>—</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {onUse && (
        <div className={styles.actions}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              if (outcome.ok) onUse({ input: outcome.input, quote: outcome.quote });
              else setTried(true);
            }}
          >
            Use these terms
          </Button>
        </div>
      )}
    </section>
  );
}

/** An editable grid axis value (a term or a cash down): takes effect when it reads as a number of 0 or more. */
function AxisInput({
  label,
  value,
  readOnly,
  onChange,
}: {
  label: string;
  value: number;
  readOnly: boolean;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <Input
      className={styles.axisInput}
      type="text"
      inputMode="decimal"
      aria-label={label}
      value={text}
      readOnly={readOnly}
      onChange={(event) => {
        setText(event.target.value);
        const next = parseNumberInput(event.target.value);
        if (next !== undefined && Number.isFinite(next) && next >= 0) onChange(next);
      }}
    />
  );
}
