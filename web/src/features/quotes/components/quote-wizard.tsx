/**
 * The public quote wizard (/get-quote; docs/decisions.md, "Quotes"): four steps over one
 * form state (./quote-form.tsx). Next checks the current step with its shared schema (STEP_SCHEMAS) and moves focus to the
 * first invalid field, or scrolls smoothly to the top (instantly when the shopper prefers reduced motion) and
 * moves focus to the new step's heading. The submit checks the whole intake and sends it once: the button reads
 * "Submitting..." and is disabled meanwhile, a retry reuses the wizard's idempotency key, and on failure everything
 * typed stays as it was. A vehicle chosen on the trending embed (`?vehicle={id}`, confirmed by the server) shows above
 * the steps, answers step 1 for a shopper who has not, and is named in the request.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { QuoteRequest, QuoteVehicle } from '@shared/quotes/api';
import { formatMoneyWhole } from '@shared/format';
import { HONEYPOT_FIELD, quoteVehicleName } from '@shared/quotes/request';
import {
  BODY_STYLES,
  CAR_MAKES,
  EXACT_VEHICLE_YEARS,
  LEASE_OR_PURCHASE,
  LEASE_OR_PURCHASE_LABELS,
  PREFERRED_CONTACT_METHODS,
  PREFERRED_CONTACT_METHOD_LABELS,
  PURCHASE_TIMEFRAMES,
  PURCHASE_TIMEFRAME_LABELS,
  QUOTE_CREDIT_SCORE_RANGES,
  QUOTE_CREDIT_SCORE_RANGE_LABELS,
  TRUCK_CONFIGURATIONS,
  VEHICLE_PREFERENCES,
  VEHICLE_PREFERENCE_LABELS,
  featureOptionsFor,
  type BodyStyle,
} from '@shared/quotes/enums';
import { invalidFieldsInOrder } from '@web/components/ui/form-rules';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useQuoteAgents } from '../api/get-quote-agents';
import { useQuoteVehicle, vehicleIdOf } from '../api/get-quote-vehicle';
import { useSubmitQuoteRequest } from '../api/submit-quote-request';
import {
  CONSENT_NOTICE,
  DISCOUNTS,
  FAILURE_TOAST_TITLE,
  NEXT_LABELS,
  STEP_SCHEMAS,
  STEP_TITLES,
  SUBMITTING_LABEL,
  QUOTE_PATH,
  SUBMIT_LABEL,
  initialQuoteValues,
  answeredValues,
  progressPercent,
  scrollBehaviour,
  stepLabel,
  vehicleStepFor,
  type QuoteStep,
} from '../wizard';
import { CheckboxInput, CheckboxList, NumberInput, RadioChoice, SelectInput, TextInput, YesNo } from './quote-fields';
import { QuoteFormProvider, useQuoteField, useQuoteForm, useQuoteFormState } from './quote-form';
import { TradeInCards } from './trade-in-cards';
import styles from './quote.module.css';

const options = <T extends string | number>(values: readonly T[], labels?: Record<T, string>) =>
  values.map((value) => ({ value, label: labels ? labels[value] : String(value) }));

function VehicleStep() {
  const { values, setValue } = useQuoteForm();
  const preference = values.vehiclePreference;
  const bodyStyle = values.bodyStyle as BodyStyle | '';
  const ticked = values.mustHaveFeatures;
  const truckConfiguration = values.truckConfiguration;

  // A feature ticked for another body style is not a wish for this one.
  useEffect(() => {
    if (!bodyStyle) return;
    const offered: readonly string[] = featureOptionsFor(bodyStyle);
    if (ticked.some((feature) => !offered.includes(feature)))
      setValue(
        'mustHaveFeatures',
        ticked.filter((feature) => offered.includes(feature)),
      );
    if (bodyStyle !== 'Truck' && truckConfiguration) setValue('truckConfiguration', '');
  }, [bodyStyle, ticked, truckConfiguration, setValue]);

  return (
    <>
      <RadioChoice
        name="vehiclePreference"
        legend={STEP_TITLES[1]}
        options={options(VEHICLE_PREFERENCES, VEHICLE_PREFERENCE_LABELS)}
        variant="cards"
        hideLegend
        required
      />
      {preference === 'exact' && (
        <div className={styles.grid}>
          <SelectInput name="exactYear" label="Year" options={options(EXACT_VEHICLE_YEARS)} numeric />
          <SelectInput name="exactMake" label="Make" options={options(CAR_MAKES)} required />
          <TextInput name="exactModel" label="Model" required />
          <TextInput name="exactTrim" label="Trim" />
          <div className={styles.wide}>
            <TextInput name="mustHaveOptions" label="Must-have options" placeholder="e.g. heated seats, sunroof" />
          </div>
        </div>
      )}
      {preference === 'help' && (
        <>
          <RadioChoice name="bodyStyle" legend="Body style" options={options(BODY_STYLES)} required />
          {bodyStyle === 'Truck' && (
            <RadioChoice name="truckConfiguration" legend="Truck configuration" options={options(TRUCK_CONFIGURATIONS)} />
          )}
          {bodyStyle && (
            <CheckboxList name="mustHaveFeatures" legend="Must-have features" options={featureOptionsFor(bodyStyle)} />
          )}
        </>
      )}
    </>
  );
}

function AgentSelect() {
  const agents = useQuoteAgents();
  const choices = (agents.status === 'success' ? agents.agents : []).map((agent) => ({ value: agent.id, label: agent.fullName }));
  const placeholder = { pending: 'Loading agents...', error: 'Agents could not be loaded', success: 'Select your agent' }[
    agents.status
  ];
  return <SelectInput name="brokerId" label="Your agent" options={choices} placeholder={placeholder} />;
}

function AboutYouStep() {
  const { workingWithBroker, hasTradeIn } = useQuoteForm().values;
  return (
    <>
      <YesNo name="workingWithBroker" legend="Are you already working with one of our agents?" />
      {workingWithBroker && <AgentSelect />}
      <YesNo name="hasTradeIn" legend="Do you have a trade-in?" />
      {hasTradeIn && <TradeInCards />}
      <div className={styles.grid}>
        <SelectInput
          name="purchaseTimeframe"
          label="When are you looking to get your car?"
          options={options(PURCHASE_TIMEFRAMES, PURCHASE_TIMEFRAME_LABELS)}
        />
        <SelectInput
          name="creditScoreRange"
          label="Approximate credit score"
          options={options(QUOTE_CREDIT_SCORE_RANGES, QUOTE_CREDIT_SCORE_RANGE_LABELS)}
        />
        <NumberInput name="monthlyPaymentBudget" label="Monthly payment budget ($, optional)" />
      </div>
      <YesNo name="hasCosigner" legend="Will you have a co-signer?" />
      <RadioChoice
        name="leaseOrPurchase"
        legend="Are you looking to lease or purchase?"
        options={options(LEASE_OR_PURCHASE, LEASE_OR_PURCHASE_LABELS)}
      />
      <YesNo name="hasPriorAutoLoan" legend="Have you had an auto loan or lease before?" />
    </>
  );
}

function SavingsStep() {
  const currentlyLeasing = useQuoteField<boolean>('currentlyLeasing').value;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Do any of these apply to you? They can unlock extra discounts.</legend>
        <div className={styles.checkboxGrid}>
          {DISCOUNTS.map((discount) => (
            <CheckboxInput key={discount.name} name={discount.name} label={discount.label} />
          ))}
        </div>
      </fieldset>
      <YesNo name="currentlyLeasing" legend="Are you currently leasing a vehicle?" />
      {currentlyLeasing && <TextInput name="currentLeaseBrand" label="Current brand" required />}
    </>
  );
}

function ContactStep({ honeypot }: { honeypot: RefObject<HTMLInputElement | null> }) {
  return (
    <>
      <div className={styles.grid}>
        <TextInput name="firstName" label="First name" required autoComplete="given-name" />
        <TextInput name="lastName" label="Last name" required autoComplete="family-name" />
        <TextInput name="email" label="Email" type="email" required autoComplete="email" />
        <TextInput name="phone" label="Phone" type="tel" required autoComplete="tel" />
        <TextInput name="zipCode" label="Zip code" required autoComplete="postal-code" inputMode="numeric" />
      </div>
      <RadioChoice
        name="preferredContactMethod"
        legend="Preferred contact method"
        options={options(PREFERRED_CONTACT_METHODS, PREFERRED_CONTACT_METHOD_LABELS)}
      />
      {/* The honeypot: off-screen and out of the tab order; people leave it empty, form-filling bots do not. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          Website (leave empty)
          <input ref={honeypot} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <p className={styles.consent}>{CONSENT_NOTICE}</p>
    </>
  );
}

/** The vehicle the shopper reserved on the trending embed, as its card showed it. */
function ChosenVehicle({ vehicle }: { vehicle: QuoteVehicle }) {
  return (
    <section className={styles.chosenVehicle} aria-labelledby="quote-chosen-vehicle">
      <p id="quote-chosen-vehicle" className={styles.chosenVehicleLabel}>
        Your chosen vehicle
      </p>
      <p className={styles.chosenVehicleName}>{quoteVehicleName(vehicle)}</p>
      <p className={styles.chosenVehicleTerms}>
        {formatMoneyWhole(vehicle.monthlyPayment)}/mo · {vehicle.termMonths} months · {formatMoneyWhole(vehicle.downPayment)} down
      </p>
    </section>
  );
}

/** The key of the wizard's own part of a history entry's state. */
const STEP_STATE = 'leasedeskQuoteStep';
const asRecord = (state: unknown): Record<string, unknown> =>
  state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function QuoteWizard({ onSubmitted }: { onSubmitted: () => void }) {
  const [step, setStep] = useState<QuoteStep>(1);
  const stepRef = useRef(step);
  stepRef.current = step;
  // One key per wizard session: a retried or double-sent submit stores one lead.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const honeypot = useRef<HTMLInputElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const form = useQuoteFormState(initialQuoteValues, answeredValues);
  const { resetChecks, setValue } = form;
  const submission = useSubmitQuoteRequest({ onSubmitted });

  // A vehicle chosen on the trending embed (`?vehicle=`): shown above the steps, step 1 answered with it, and named
  // in the request; an id the server does not confirm leaves the wizard as it is.
  const [vehicleId] = useState(() => vehicleIdOf(window.location.search));
  const chosenVehicle = useQuoteVehicle(vehicleId);
  const preferenceRef = useRef(form.values.vehiclePreference);
  preferenceRef.current = form.values.vehiclePreference;
  useEffect(() => {
    if (!chosenVehicle) return;
    const answers = vehicleStepFor({ vehiclePreference: preferenceRef.current }, chosenVehicle);
    for (const [name, value] of Object.entries(answers ?? {})) setValue(name, value);
  }, [chosenVehicle, setValue]);

  useEffect(() => {
    if (!moved.current) return;
    window.scrollTo({ top: 0, behavior: scrollBehaviour(prefersReducedMotion()) });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  // Each step is an entry of the browser's history, so the browser's Back goes to the previous step (the page's own
  // Back button goes back through the history too). An entry this wizard did not make (the page was left and
  // come back to, its answers gone) reads as step 1.
  const showStep = useCallback(
    (next: QuoteStep) => {
      moved.current = true;
      resetChecks();
      setStep(next);
    },
    [resetChecks],
  );
  useEffect(() => {
    window.history.replaceState({ ...asRecord(window.history.state), [STEP_STATE]: { wizard: idempotencyKey, step: 1 } }, '');
    const onPopState = (event: PopStateEvent) => {
      if (window.location.pathname !== QUOTE_PATH) return;
      const entry = asRecord(event.state)[STEP_STATE] as { wizard?: string; step?: QuoteStep } | undefined;
      showStep(entry?.wizard === idempotencyKey && entry.step ? entry.step : 1);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [idempotencyKey, showStep]);

  const goTo = (next: QuoteStep) => {
    window.history.pushState({ [STEP_STATE]: { wizard: idempotencyKey, step: next } }, '');
    showStep(next);
  };

  /**
   * Focus to the first invalid field in the order the page shows them (`messageOf` gives each field's message);
   * a message about no field on the page is toasted instead.
   */
  const focusFirstInvalid = (messageOf: (name: string) => string | undefined, anyMessage: string | undefined) => {
    const shown = [...(formElement.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])];
    const names = shown.map((element) => element.dataset.field ?? '');
    const [first] = invalidFieldsInOrder(names, messageOf);
    if (first) {
      shown[names.indexOf(first.name)]?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
      return;
    }
    if (anyMessage) toast({ title: FAILURE_TOAST_TITLE, description: anyMessage, variant: 'destructive' });
  };
  /** Next, or on step 4 the submit: the step's schema decides; a refusal shows its messages and focuses the first. */
  const next = async () => {
    const result = form.check(STEP_SCHEMAS[step]);
    if (!result.ok) {
      const errors = result.errors;
      focusFirstInvalid((name) => errors[name], Object.values(errors)[0]);
      return;
    }
    if (step < 4) {
      goTo((step + 1) as QuoteStep);
      return;
    }
    const request = {
      ...(result.data as object),
      [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
      idempotencyKey,
      ...(chosenVehicle ? { vehicleId: chosenVehicle.id } : {}),
    } as QuoteRequest;
    const outcome = await submission.submit(request);
    if (outcome.ok) return;
    // The toast is the submission's; the server's field messages also land on the fields they are about. Otherwise
    // focus goes back to the submit button (it was disabled while sending, which dropped focus to the page).
    const fields = outcome.fields ?? {};
    form.setServerErrors(fields);
    if (Object.keys(fields).length > 0) focusFirstInvalid((name) => fields[name], undefined);
    else refocusSubmit.current = true;
  };
  const refocusSubmit = useRef(false);
  useEffect(() => {
    if (submission.isPending || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    formElement.current?.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
  }, [submission.isPending]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submission.isSending()) return;
    // Enter on steps 1-3 means Next; only step 4 submits.
    void next();
  };

  return (
    <QuoteFormProvider form={form}>
      <form ref={formElement} className={styles.wizard} noValidate onSubmit={onSubmit} aria-labelledby="quote-step-title">
        <div className={styles.progress}>
          <p id="quote-step-label" className={styles.stepLabel}>
            {stepLabel(step)}
          </p>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-labelledby="quote-step-label"
            aria-valuemin={0}
            aria-valuemax={4}
            aria-valuenow={step}
          >
            <div className={styles.progressFill} style={{ width: `${progressPercent(step)}%` }} />
          </div>
        </div>
        {chosenVehicle && <ChosenVehicle vehicle={chosenVehicle} />}
        <h2 id="quote-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {STEP_TITLES[step]}
        </h2>
        <div className={styles.stepBody}>
          {step === 1 && <VehicleStep />}
          {step === 2 && <AboutYouStep />}
          {step === 3 && <SavingsStep />}
          {step === 4 && <ContactStep honeypot={honeypot} />}
        </div>
        <div className={styles.actions}>
          {step > 1 && (
            <Button variant="secondary" size="lg" onClick={() => window.history.back()} disabled={submission.isPending}>
              Back
            </Button>
          )}
          {step < 4 ? (
            <Button type="submit" size="lg" className={styles.primaryAction}>
              {NEXT_LABELS[step as Exclude<QuoteStep, 4>]}
            </Button>
          ) : (
            <Button
              type="submit"
              size="lg"
              className={styles.primaryAction}
              disabled={submission.isPending}
              aria-busy={submission.isPending || undefined}
            >
              {submission.isPending ? SUBMITTING_LABEL : SUBMIT_LABEL}
            </Button>
          )}
        </div>
      </form>
    </QuoteFormProvider>
  );
}
