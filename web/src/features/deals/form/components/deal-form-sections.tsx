/**
 * The sections of the deal form below the client and dealership (docs/decisions.md, "Deal form"): vehicle, deal terms
 * and status (with the not-sold fields and the concierge fee), lead source, client financial information,
 * trade-in, broker and notes. Each binds to the surrounding form by name; fields that only mean something under a
 * choice (a trade-in's lienholder, a not-sold follow-up date...) show under that choice and are emptied when it is
 * undone, so a hidden field can neither be saved nor hold an error that blocks Save out of sight.
 */
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { Role } from '@shared/auth/roles';
import { formatMoneyCents } from '@shared/format';
import {
  CREDIT_APP_FORM_TYPES,
  CREDIT_APP_FORM_TYPE_LABELS,
  CREDIT_SCORE_RANGES,
  DEAL_TRADE_IN_CONDITIONS,
  DEAL_TYPES,
  DEAL_TYPE_LABELS,
  LEAD_SOURCES,
  NOT_READY_TO_PURCHASE,
  NOT_SOLD_REASONS,
  type DealStatus,
  type DealType,
} from '@shared/deals/enums';
import {
  CONCIERGE_FEE_INLINE_MESSAGE,
  CONCIERGE_FEE_RANGE_MESSAGE,
  INVALID_CONCIERGE_FEE_TITLE,
  ONLY_ADMINS_CAN_CLOSE_MESSAGE,
  ONLY_ADMINS_CAN_CLOSE_NOTE,
  PERMISSION_DENIED_TITLE,
  totalBrokerFee,
  type StatusOption,
} from '@shared/deals/rules';
import { SectionCard } from '@web/components/ui/section-card';
import { CheckboxField } from '@web/components/ui/checkbox';
import { choices } from '@web/components/ui/choice';
import { Field } from '@web/components/ui/field';
import { NumberField, TextAreaField, TextField, useFieldError } from '@web/components/ui/form';
import { parseNumberInput } from '@web/components/ui/form-rules';
import { Input } from '@web/components/ui/input';
import inputStyles from '@web/components/ui/input.module.css';
import { Select, SelectField } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { VinField } from '@web/components/vin-field/vin-field';
import { canChooseStatus, conciergeFeeAccess, derivedApr } from '../deal-form-values';
import styles from './deal-form.module.css';
import { DeskingSection, useDeskedPaymentNote } from './desking-section';

/** One titled part of the form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <div className={styles.fields}>{children}</div>
    </SectionCard>
  );
}

/**
 * Empties fields (and their messages) when they stop showing. `blanks` holds each field's empty value ('' for
 * text, undefined for a number, false for a box) and must be a constant: it is read only when `shown` changes.
 */
function useEmptiedWhenHidden(shown: boolean, blanks: Readonly<Record<string, unknown>>): void {
  const { setValue, getValues, clearErrors } = useFormContext();
  useEffect(() => {
    if (shown) return;
    for (const [name, blank] of Object.entries(blanks)) {
      if (getValues(name) !== blank) setValue(name, blank);
    }
    clearErrors(Object.keys(blanks));
  }, [shown, blanks, setValue, getValues, clearErrors]);
}

// ---------------------------------------------------------------------------------------------------------------
// Vehicle

export function VehicleSection() {
  return (
    <FormSection title="Vehicle">
      <NumberField name="year" label="Year" integer />
      <TextField name="make" label="Make" />
      <TextField name="model" label="Model" />
      <TextField name="trim" label="Trim" optional />
      <VinField />
      <TextField name="imageUrl" label="Image URL" type="url" optional autoComplete="off" />
    </FormSection>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Deal terms and status

const LEASE_ONLY = { moneyFactor: undefined } as const;

export interface TermsSectionProps {
  role: Role;
  statusOptions: readonly StatusOption[];
  /** The saved deal's status (edit), which a role may keep even when it could not choose it. */
  savedStatus?: DealStatus;
  /** The saved concierge fee (edit); undefined on the create form, which has no fee. */
  savedConciergeFee?: number;
  /** "Add to marketplace" is ticked: the status is available and cannot be changed. */
  statusLocked?: boolean;
}

export function TermsSection({ role, statusOptions, savedStatus, savedConciergeFee, statusLocked = false }: TermsSectionProps) {
  const dealType = useWatch({ name: 'dealType' }) as DealType | undefined;
  const isLease = dealType === 'lease';
  useEmptiedWhenHidden(isLease, LEASE_ONLY);
  return (
    <FormSection title="Deal Terms">
      <SelectField name="dealType" label="Deal type" options={choices(DEAL_TYPES, DEAL_TYPE_LABELS)} />
      <StatusField role={role} options={statusOptions} savedStatus={savedStatus} locked={statusLocked} />
      <MonthlyPaymentField isLease={isLease} />
      <NumberField name="downPayment" label="Down payment" />
      <NumberField name="totalDueAtSigning" label="Total due at signing" optional />
      <NumberField name="termMonths" label="Term (months)" integer />
      <NumberField name="mileageAllowance" label="Mileage allowance (per year)" integer />
      {isLease && (
        <NumberField name="moneyFactor" label="Money factor" optional hint="Steps of 0.00001, e.g. 0.00125. Sets the APR." />
      )}
      <AprField />
      <TextField name="expirationDate" label="Expiration date" type="date" optional />
      <NotSoldFields />
      <LeaseStartField isLease={isLease} />
      {savedConciergeFee !== undefined && <ConciergeFeeField role={role} savedFee={savedConciergeFee} />}
      {isLease && (
        <div className={styles.wide}>
          <h3 className={styles.subheading}>Desking</h3>
          <DeskingSection />
        </div>
      )}
    </FormSection>
  );
}

/** The monthly payment, typed or desked; on a lease, a note when it is more than $1 from the desked payment. */
function MonthlyPaymentField({ isLease }: { isLease: boolean }) {
  const typed = useWatch({ name: 'monthlyPayment' }) as unknown;
  const note = useDeskedPaymentNote(isLease ? typed : undefined);
  return <NumberField name="monthlyPayment" label="Monthly payment" hint={note} />;
}

const NOT_SOLD_FIELDS = { notSoldReason: '', followUpDate: '', notSoldNotes: '' } as const;
const FOLLOW_UP_DATE = { followUpDate: '' } as const;

/**
 * The status, offered per role. Picking one the role may not set (closed, for anyone but an admin, on the create
 * form) is refused on the spot with the required "Permission Denied" and the choice stays as it was.
 */
function StatusField({
  role,
  options,
  savedStatus,
  locked,
}: {
  role: Role;
  options: readonly StatusOption[];
  savedStatus?: DealStatus;
  locked: boolean;
}) {
  const { field, fieldState } = useController({ name: 'status' });
  const note = role === 'admin' ? undefined : ONLY_ADMINS_CAN_CLOSE_NOTE;
  return (
    <Field
      name="status"
      label="Status"
      error={fieldState.error?.message}
      hint={locked ? 'Deals added to the marketplace are available.' : note}
    >
      {(control) => (
        <Select
          {...control}
          ref={field.ref}
          name="status"
          options={options}
          disabled={locked}
          value={field.value as string | undefined}
          onValueChange={(next) => {
            if (!canChooseStatus(role, next as DealStatus, savedStatus)) {
              toast({ title: PERMISSION_DENIED_TITLE, description: ONLY_ADMINS_CAN_CLOSE_MESSAGE, variant: 'destructive' });
              return;
            }
            field.onChange(next);
          }}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

/** Not sold: a reason; "Not ready to purchase at this time" asks a follow-up date and offers follow-up notes. */
function NotSoldFields() {
  const [status, reason] = useWatch({ name: ['status', 'notSoldReason'] }) as [DealStatus | undefined, string | undefined];
  const notSold = status === 'not_sold';
  const notReady = notSold && reason === NOT_READY_TO_PURCHASE;
  useEmptiedWhenHidden(notSold, NOT_SOLD_FIELDS);
  useEmptiedWhenHidden(notReady, FOLLOW_UP_DATE);
  if (!notSold) return null;
  return (
    <>
      <SelectField
        name="notSoldReason"
        label="Reason for not sold"
        options={choices(NOT_SOLD_REASONS)}
        placeholder="Select a reason"
      />
      {notReady && <TextField name="followUpDate" label="Follow-up date" type="date" />}
      <div className={styles.wide}>
        <TextAreaField name="notSoldNotes" label={notReady ? 'Follow-up notes' : 'Additional notes'} optional />
      </div>
    </>
  );
}

const LEASE_START = { leaseStartDate: '' } as const;

/**
 * A finalized or closed lease's start (docs/decisions.md, "Deal-driven tasks and lease maturity"): blank is the day the
 * deal closed; the maturity date and its reminder tasks follow it.
 */
function LeaseStartField({ isLease }: { isLease: boolean }) {
  const status = useWatch({ name: 'status' }) as DealStatus | undefined;
  const shown = isLease && (status === 'finalized' || status === 'closed');
  useEmptiedWhenHidden(shown, LEASE_START);
  if (!shown) return null;
  return (
    <TextField
      name="leaseStartDate"
      label="Lease start"
      type="date"
      optional
      hint="Blank: the day the deal closed. The maturity date and its reminders follow it."
    />
  );
}

/** Lease APR = money factor x 2400 (2 decimals): typed only while no money factor sets it. */
function AprField() {
  const { setValue } = useFormContext();
  const [dealType, moneyFactor] = useWatch({ name: ['dealType', 'moneyFactor'] }) as [DealType | undefined, unknown];
  const derived = derivedApr(dealType, moneyFactor);
  useEffect(() => {
    if (derived !== undefined) setValue('apr', derived, { shouldValidate: true });
  }, [derived, setValue]);
  return (
    <NumberField
      name="apr"
      label="APR (%)"
      decimals={2}
      disabled={derived !== undefined}
      hint={derived !== undefined ? 'Money factor x 2400' : undefined}
    />
  );
}

/**
 * The concierge fee: shown for finalized and closed deals, typed by admins while finalized,
 * read-only when closed (locked: move the deal back to finalized to change it). 0 waives it, otherwise 100 to 1500;
 * the field says "Fee must be $0 (waived) or between $100 and $1500" and leaving it invalid also toasts "Invalid
 * concierge fee". When the status moves elsewhere the field goes and the saved fee comes back (the server stores
 * 0 then anyway).
 */
function ConciergeFeeField({ role, savedFee }: { role: Role; savedFee: number }) {
  const status = useWatch({ name: 'status' }) as DealStatus | undefined;
  const access = conciergeFeeAccess(role, status);
  const saved = useMemo(() => ({ conciergeFee: savedFee }), [savedFee]);
  useEmptiedWhenHidden(access !== 'hidden', saved);
  if (access === 'hidden') return null;
  return <ConciergeFeeInput readOnly={access === 'read-only'} />;
}

function ConciergeFeeInput({ readOnly }: { readOnly: boolean }) {
  const { register, trigger, getFieldState } = useFormContext();
  const error = useFieldError('conciergeFee');
  const registered = register('conciergeFee', {
    setValueAs: (value: unknown) => (typeof value === 'string' ? parseNumberInput(value) : value),
  });
  return (
    <Field
      name="conciergeFee"
      label="Concierge fee"
      error={error === CONCIERGE_FEE_RANGE_MESSAGE ? CONCIERGE_FEE_INLINE_MESSAGE : error}
      hint={readOnly ? 'Locked while the deal is closed: move it back to finalized to change the fee.' : '$0 waives the fee.'}
    >
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          type="text"
          readOnly={readOnly}
          {...registered}
          onBlur={async (event) => {
            await registered.onBlur(event);
            if (readOnly || (await trigger('conciergeFee'))) return;
            const message = getFieldState('conciergeFee').error?.message;
            toast({
              title: INVALID_CONCIERGE_FEE_TITLE,
              description: message ?? CONCIERGE_FEE_RANGE_MESSAGE,
              variant: 'destructive',
            });
          }}
        />
      )}
    </Field>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Lead source, client financial information

const REFERRAL = { heardAboutUsReferral: '' } as const;
const AFFINITY = { heardAboutUsAffinity: '' } as const;

export function LeadSourceSection() {
  const source = useWatch({ name: 'heardAboutUs' }) as string | undefined;
  useEmptiedWhenHidden(source === 'Referral', REFERRAL);
  useEmptiedWhenHidden(source === 'Affinity Program', AFFINITY);
  return (
    <FormSection title="Lead Source">
      <SelectField
        name="heardAboutUs"
        label="How did the client hear about us?"
        optional
        options={choices(LEAD_SOURCES)}
        placeholder="Select a lead source"
      />
      {source === 'Referral' && <TextField name="heardAboutUsReferral" label="Referred by" optional />}
      {source === 'Affinity Program' && <TextField name="heardAboutUsAffinity" label="Affinity program" optional />}
    </FormSection>
  );
}

export function ClientFinancesSection() {
  return (
    <FormSection title="Client Financial Information">
      <SelectField
        name="creditScoreRange"
        label="Credit score range"
        optional
        options={choices(CREDIT_SCORE_RANGES)}
        placeholder="Select a range"
      />
    </FormSection>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Trade-in

const TRADE_IN_FIELDS = {
  tradeInYear: undefined,
  tradeInMake: '',
  tradeInModel: '',
  tradeInMileage: undefined,
  tradeInCondition: '',
  tradeInHasLienholder: false,
} as const;
const LIENHOLDER_FIELDS = { tradeInLienholder: '', tradeInPayoffBalance: undefined } as const;

export function TradeInSection() {
  const [hasTradeIn, owed] = useWatch({ name: ['hasTradeIn', 'tradeInHasLienholder'] }) as [boolean, boolean];
  useEmptiedWhenHidden(hasTradeIn, TRADE_IN_FIELDS);
  useEmptiedWhenHidden(hasTradeIn && owed, LIENHOLDER_FIELDS);
  return (
    <FormSection title="Trade-In">
      <div className={styles.wide}>
        <CheckboxField name="hasTradeIn" label="The client has a trade-in" />
      </div>
      {hasTradeIn && (
        <>
          <NumberField name="tradeInYear" label="Trade-in year" integer optional />
          <TextField name="tradeInMake" label="Trade-in make" optional />
          <TextField name="tradeInModel" label="Trade-in model" optional />
          <NumberField name="tradeInMileage" label="Trade-in mileage" integer optional />
          <SelectField
            name="tradeInCondition"
            label="Condition"
            optional
            options={choices(DEAL_TRADE_IN_CONDITIONS)}
            placeholder="Select a condition"
          />
          <div className={styles.wide}>
            <CheckboxField name="tradeInHasLienholder" label="Money is owed on the trade-in" />
          </div>
          {owed && (
            <>
              <TextField name="tradeInLienholder" label="Lienholder" optional />
              <NumberField name="tradeInPayoffBalance" label="Payoff balance" optional />
            </>
          )}
        </>
      )}
    </FormSection>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Broker

/** The broker fees total: dealer fee + client fee, read-only. */
export function BrokerFees() {
  const [dealerFee, clientFee] = useWatch({ name: ['brokerFeeDealer', 'brokerFeeClient'] }) as [unknown, unknown];
  const fee = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const id = useId();
  return (
    <>
      <NumberField name="brokerFeeDealer" label="Dealer fee" optional />
      <NumberField name="brokerFeeClient" label="Client fee" optional />
      <div className={inputStyles.field}>
        <label htmlFor={id} className={inputStyles.label}>
          Total broker fee
        </label>
        <Input id={id} readOnly value={formatMoneyCents(totalBrokerFee(fee(dealerFee), fee(clientFee)))} />
      </div>
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Credit application (create)

export function CreditApplicationSection() {
  return (
    <FormSection title="Credit Application">
      <SelectField
        name="creditAppFormType"
        label="Credit application form"
        options={choices(CREDIT_APP_FORM_TYPES, CREDIT_APP_FORM_TYPE_LABELS)}
      />
    </FormSection>
  );
}
