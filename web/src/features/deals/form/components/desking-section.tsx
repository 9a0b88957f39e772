/**
 * The deal form's "Desking" section (lease deals; docs/data-model.md, "Desking"): the desking panel prefilled from the
 * form's term, money factor (or APR) and down payment, and "Use these terms", which fills the monthly payment, down
 * payment, total due at signing (the quote's drive-off), term, money factor and APR of the form. The typed monthly
 * payment stays the broker's: TermsSection shows how far it is from the computed one (`useDeskedPayment`).
 * Above the panel, the Programs panel fills it from a lender program; the deal saves the program's reference with the
 * desking (docs/decisions.md, "Programs").
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { LeaseInput } from '@shared/lease/calculate';
import type { ProgramMatch } from '@shared/programs/api';
import { localDate, tickableKinds, type ProgramReferenceView } from '@shared/programs/desk';
import { aprFromMoneyFactor } from '@shared/deals/rules';
import { formatMoneyCents } from '@shared/format';
import { roundTo } from '@shared/math';
import { ComparePanel, type CompareShare } from '@web/components/desking/compare-panel';
import { DeskingPanel, type DeskingTerms } from '@web/components/desking/desking-panel';
import {
  EMPTY_DESKING,
  deskLease,
  deskingToLeaseInput,
  leaseInputToDesking,
  numberText,
  paymentDifference,
  type DeskingValues,
} from '@web/components/desking/desking-model';
import {
  changeChoice,
  chooseProgram,
  programFromSaved,
  programReferenceOf,
  programSources,
  withMatchedIncentives,
  type DeskProgram,
} from '@web/components/desking/program-desk';
import { ProgramsPanel, matchQueryOf } from '@web/components/desking/programs-panel';
import { useProgramMatch } from '@web/components/desking/programs-api';
import { useShareProposal } from '@web/features/deals/api/proposals';
import { deliveryText } from '@web/features/deals/components/proposals-card';

/** Sharing the comparison's options as a proposal: only from a saved deal (null on /deals/new). */
export interface DeskProposals {
  dealId: string;
  /** The deal as saved is still open (not closed or not sold). */
  takesProposals: boolean;
  /** The viewer is the deal's broker or an admin. */
  mayShare: boolean;
}

const NEW_DEAL_SHARE_NOTE = 'Save the deal first: a proposal is shared from a saved deal.';
const CLOSED_DEAL_SHARE_NOTE = 'A closed or not-sold deal takes no new proposal.';

interface DeskingState {
  values: DeskingValues;
  setValues: (values: DeskingValues) => void;
  /** The lender program the desk was filled from, if any. */
  program: DeskProgram | null;
  setDesk: (desk: { values: DeskingValues; program: DeskProgram | null }) => void;
  clientState: string;
  setClientState: (state: string) => void;
  proposals: DeskProposals | null;
}

const DeskingContext = createContext<DeskingState | undefined>(undefined);

/** The desking inputs of the form, shared by the section and the monthly payment's difference note. */
export function DeskingProvider({
  saved,
  savedProgram,
  proposals = null,
  children,
}: {
  saved?: LeaseInput | null;
  savedProgram?: ProgramReferenceView | null;
  proposals?: DeskProposals | null;
  children: ReactNode;
}) {
  const { getValues, setValue } = useFormContext();
  const [desk, setDesk] = useState<{ values: DeskingValues; program: DeskProgram | null }>(() => {
    const values = saved ? leaseInputToDesking(saved) : prefill(getValues() as Record<string, unknown>);
    return { values, program: saved && savedProgram ? programFromSaved(savedProgram, values) : null };
  });
  const [clientState, setClientState] = useState(savedProgram?.state ?? '');
  const { values, program } = desk;
  const state = useMemo(
    () => ({
      values,
      setValues: (next: DeskingValues) => setDesk((current) => ({ ...current, values: next })),
      program,
      setDesk,
      clientState,
      setClientState,
      proposals,
    }),
    [values, program, clientState, proposals],
  );
  // Saved with the deal (docs/data-model.md, "desking"): the panel's input when it prices, on a lease; a panel left
  // with a refused input is not saved (the deal's own fields are what the deal says), and a non-lease deal has none.
  const isLease = useWatch({ name: 'dealType' }) === 'lease';
  const touched = useRef(false);
  useEffect(() => {
    const outcome = deskLease(values);
    const desking = isLease && outcome.ok ? outcome.input : null;
    // The first pass only records the saved desking (the form is not dirty for it).
    setValue('desking', desking, { shouldDirty: touched.current });
    // The program travels with the desking it filled: none without one (docs/decisions.md, "Programs").
    setValue('program', desking && program ? programReferenceOf(values, program) : null, { shouldDirty: touched.current });
    touched.current = true;
  }, [values, program, isLease, setValue]);
  return <DeskingContext.Provider value={state}>{children}</DeskingContext.Provider>;
}

/** The panel's inputs from what the form holds: term, money factor or APR, down payment. */
function prefill(form: Record<string, unknown>): DeskingValues {
  const num = (value: unknown) => (typeof value === 'number' ? numberText(value) : '');
  const moneyFactor = num(form.moneyFactor);
  const apr = num(form.apr);
  return {
    ...EMPTY_DESKING,
    termMonths: num(form.termMonths) || EMPTY_DESKING.termMonths,
    cashDown: num(form.downPayment),
    rateKind: moneyFactor === '' && apr !== '' ? 'apr' : 'moneyFactor',
    rate: moneyFactor === '' && apr !== '' ? apr : moneyFactor,
  };
}

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** "Differs from the computed payment by $X" for a typed payment more than $1 from the desked one, or undefined. */
export function useDeskedPaymentNote(typed: unknown): string | undefined {
  const state = useContext(DeskingContext);
  const outcome = useMemo(() => (state ? deskLease(state.values) : undefined), [state]);
  const difference = paymentDifference(typed, outcome?.ok ? outcome.quote.monthlyPayment : undefined);
  return difference === undefined ? undefined : `Differs from the computed payment by ${formatMoneyCents(Math.abs(difference))}`;
}

export function DeskingSection() {
  const state = useContext(DeskingContext);
  const { setValue, formState } = useFormContext();
  const [year, make, model, trim, mileageAllowance] = useWatch({
    name: ['year', 'make', 'model', 'trim', 'mileageAllowance'],
  }) as [unknown, unknown, unknown, unknown, unknown];
  const proposals = state?.proposals ?? null;
  const shareProposal = useShareProposal(proposals?.dealId ?? '');
  const deskValues = state?.values;
  // The comparison prices every program with the desk's input: the same object while the desk is unchanged.
  const desk = useMemo(() => (deskValues ? deskingToLeaseInput(deskValues) : undefined), [deskValues]);
  const vehicle = { year: numberOf(year), make: textOf(make), model: textOf(model), trim: textOf(trim) };
  const termMonths = numberOf(Number(deskValues?.termMonths));
  const milesPerYear = numberOf(mileageAllowance);
  const today = localDate(new Date());
  const query = matchQueryOf({ vehicle, termMonths, milesPerYear, state: state?.clientState ?? '', date: today });
  // The panels' match (one request, shared by its key): a reopened deal's program takes its row's incentives from it.
  const matches = useProgramMatch(query).data?.matches;
  if (!state || !desk) return null;
  const { values } = state;
  const program = state.program && withMatchedIncentives(state.program, matches);
  const use = ({ input, quote }: DeskingTerms) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('monthlyPayment', quote.monthlyPayment, options);
    setValue('downPayment', input.cashDown ?? 0, options);
    setValue('totalDueAtSigning', quote.driveOff, options);
    setValue('termMonths', input.termMonths, options);
    if (input.moneyFactor !== undefined) {
      setValue('moneyFactor', input.moneyFactor, options);
      setValue('apr', aprFromMoneyFactor(input.moneyFactor), options);
    } else {
      setValue('moneyFactor', undefined, options);
      setValue('apr', roundTo(input.apr ?? 0, 2), options);
    }
  };
  const share: CompareShare | undefined = !proposals
    ? { blocked: NEW_DEAL_SHARE_NOTE, onShare: () => Promise.reject(new Error(NEW_DEAL_SHARE_NOTE)) }
    : proposals.mayShare
      ? {
          blocked: proposals.takesProposals ? null : CLOSED_DEAL_SHARE_NOTE,
          onShare: async (options) => {
            const created = await shareProposal.mutateAsync({ options });
            return { url: created.url, note: deliveryText(created.delivery, created.replaced) };
          },
        }
      : undefined;
  const choose = (match: ProgramMatch) => chooseProgram(values, match, { state: state.clientState, deskedOn: today });
  return (
    <>
      <ProgramsPanel
        vehicle={vehicle}
        termMonths={termMonths}
        milesPerYear={milesPerYear}
        state={state.clientState}
        onStateChange={state.setClientState}
        date={today}
        program={program}
        onChoose={(match) => state.setDesk(choose(match))}
        onChoice={(choice) => program && state.setDesk(changeChoice(values, program, choice))}
        onClear={() => state.setDesk({ values, program: null })}
      />
      <ComparePanel
        query={query}
        desk={desk}
        termMonths={termMonths}
        milesPerYear={milesPerYear}
        chosen={program}
        onUse={(match, kinds) => {
          // As choosing it on the Programs panel and ticking the kinds it offers (docs/decisions.md, "Comparison").
          const chosen = choose(match);
          const incentiveKinds = kinds.filter((kind) => tickableKinds(match.incentives).includes(kind));
          state.setDesk(incentiveKinds.length > 0 ? changeChoice(chosen.values, chosen.program, { incentiveKinds }) : chosen);
        }}
        share={share}
      />
      <DeskingPanel
        values={values}
        onChange={state.setValues}
        onUse={use}
        showAllErrors={formState.submitCount > 0}
        sources={program ? programSources(values, program) : undefined}
      />
    </>
  );
}
