import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { quoteFailureMessage } from './api/submit-quote-request';
import {
  NEXT_LABELS,
  answeredValues,
  STEP_SCHEMAS,
  SUCCESS_TOAST,
  emptyTradeIn,
  initialQuoteValues,
  progressPercent,
  scrollBehaviour,
  stepLabel,
  vehicleStepFor,
} from './wizard';

const messagesOf = (step: 1 | 2 | 3 | 4, values: object) =>
  STEP_SCHEMAS[step].safeParse(values).error?.issues.map((issue) => issue.message) ?? [];

describe('the wizard steps', () => {
  it('labels each step "Step N of 4" with the progress bar at step/4', () => {
    expect([1, 2, 3, 4].map((step) => stepLabel(step as 1))).toEqual([
      'Step 1 of 4',
      'Step 2 of 4',
      'Step 3 of 4',
      'Step 4 of 4',
    ]);
    expect(progressPercent(1)).toBe(25);
    expect(progressPercent(4)).toBe(100);
  });

  it('names each Next after the step it leads to', () => {
    expect(NEXT_LABELS).toEqual({ 1: 'Next – Tell us about you', 2: 'Next – Unlock extra savings', 3: 'Next – Almost done' });
  });

  it('scrolls smoothly between steps unless the shopper prefers reduced motion', () => {
    expect(scrollBehaviour(false)).toBe('smooth');
    expect(scrollBehaviour(true)).toBe('auto');
  });

  it('promises the reply in the success toast in the required words', () => {
    expect(SUCCESS_TOAST).toEqual({
      title: 'Quote Request Submitted!',
      description: "We're searching inventory—expect a text/email in <5 min.",
    });
  });
});

describe('what each Next checks, from the starting values', () => {
  const start = initialQuoteValues();

  it('step 1: a choice, then make and model for exact or body style for help', () => {
    expect(messagesOf(1, start)).toEqual(['Please choose whether you know the exact car you want']);
    expect(messagesOf(1, { ...start, vehiclePreference: 'exact' })).toEqual(['Make is required', 'Model is required']);
    expect(messagesOf(1, { ...start, vehiclePreference: 'help' })).toEqual(['Body style is required']);
  });

  it('step 2: passes as it starts (the empty trade-in card included), and wants lienholder and amount when owed', () => {
    expect(messagesOf(2, start)).toEqual([]);
    const owed = { ...start, hasTradeIn: true, tradeIns: [{ ...emptyTradeIn(), hasLienholder: true }] };
    expect(messagesOf(2, owed)).toEqual(['Lienholder name is required', 'Amount owed is required']);
  });

  it('step 3: wants the current brand only when leasing', () => {
    expect(messagesOf(3, start)).toEqual([]);
    expect(messagesOf(3, { ...start, currentlyLeasing: true })).toEqual(['Current brand is required']);
  });

  it('step 4 (the submit): the contact details of the whole intake', () => {
    const ready = { ...start, vehiclePreference: 'exact', exactMake: 'Kia', exactModel: 'EV9' };
    expect([...new Set(messagesOf(4, ready))]).toEqual([
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Phone number must be at least 10 digits',
      'Zip code must be at least 5 digits',
    ]);
  });
});

describe('quoteFailureMessage', () => {
  it("shows the server's message, or the required fallback when the server could not be reached", () => {
    expect(quoteFailureMessage(new ApiError(400, 'bad_request', 'Phone number must be at least 10 digits'))).toBe(
      'Phone number must be at least 10 digits',
    );
    expect(quoteFailureMessage(new ApiError(0, 'network_error', 'Unable to reach the server.'))).toBe(
      'Failed to submit quote request',
    );
    expect(quoteFailureMessage(new Error('boom'))).toBe('Failed to submit quote request');
  });
});

describe('the answers checked and sent', () => {
  const typed = () => ({
    ...initialQuoteValues(),
    vehiclePreference: 'help',
    exactMake: 'BMW',
    bodyStyle: 'Truck',
    truckConfiguration: '4 Door',
    mustHaveFeatures: ['4x4/AWD'],
    workingWithBroker: false,
    brokerId: '3f1c2b8e-8a7d-4a38-9c61-2f0e1d9b7a10',
    hasTradeIn: true,
    tradeIns: [
      { ...emptyTradeIn(), year: '2019', make: 'Honda', model: 'Civic', mileage: '25,000', condition: 4 as const },
      { ...emptyTradeIn(), year: '2015', mileage: '', hasLienholder: false, lienholderName: 'Chase', payoffBalance: '9,000' },
    ],
    monthlyPaymentBudget: '$450',
    currentlyLeasing: false,
    currentLeaseBrand: 'Kia',
  });

  it("turns the number fields' text into numbers (blank is no value, anything else not a number is NaN)", () => {
    const answered = answeredValues(typed());
    expect(answered.tradeIns[0]).toMatchObject({ year: 2019, mileage: 25_000, condition: 4 });
    expect(answered.tradeIns[1]).toMatchObject({ year: 2015, mileage: undefined });
    expect(answered.monthlyPaymentBudget).toBe(450);
    expect(answeredValues({ ...typed(), monthlyPaymentBudget: 'abc' }).monthlyPaymentBudget).toBeNaN();
  });

  it("neither checks nor sends what the shopper hid: the other branch, an agent or brand after 'No', a lien not owed", () => {
    const answered = answeredValues(typed());
    expect(answered).toMatchObject({
      exactMake: '',
      bodyStyle: 'Truck',
      truckConfiguration: '4 Door',
      brokerId: '',
      currentLeaseBrand: '',
    });
    expect(answered.tradeIns[1]).toMatchObject({ lienholderName: '', payoffBalance: undefined });
    expect(answeredValues({ ...typed(), hasTradeIn: false }).tradeIns).toEqual([]);
    expect(answeredValues({ ...typed(), bodyStyle: 'SUV' }).truckConfiguration).toBe('');
    expect(answeredValues({ ...typed(), vehiclePreference: 'exact' })).toMatchObject({
      exactMake: 'BMW',
      bodyStyle: '',
      mustHaveFeatures: [],
    });
  });

  it('lets step 2 pass once the trade-in is answered No, whatever its hidden card holds', () => {
    const hidden = { ...typed(), hasTradeIn: false, tradeIns: [{ ...emptyTradeIn(), mileage: 'lots', hasLienholder: true }] };
    expect(messagesOf(2, answeredValues(hidden))).toEqual([]);
    expect(messagesOf(2, answeredValues({ ...hidden, hasTradeIn: true }))).not.toEqual([]);
  });

  it('keeps what was typed in the form itself, so choosing a hidden section again brings it back', () => {
    const values = typed();
    answeredValues(values);
    expect(values.tradeIns[0]!.mileage).toBe('25,000');
    expect(values.brokerId).toBe('3f1c2b8e-8a7d-4a38-9c61-2f0e1d9b7a10');
  });
});

describe('vehicleStepFor', () => {
  const vehicle = { year: 2025, make: 'honda', model: 'Civic', trim: 'Sport' };

  it("answers step 1 with the chosen vehicle: exact, the wizard's year and make, model and trim", () => {
    expect(vehicleStepFor({ vehiclePreference: '' }, vehicle)).toEqual({
      vehiclePreference: 'exact',
      exactYear: 2025,
      exactMake: 'Honda',
      exactModel: 'Civic',
      exactTrim: 'Sport',
    });
  });

  it('leaves a year the wizard does not offer blank and names an unlisted make "Other"', () => {
    expect(vehicleStepFor({ vehiclePreference: '' }, { year: 2019, make: 'Polestar', model: '2', trim: null })).toMatchObject({
      exactYear: '',
      exactMake: 'Other',
      exactTrim: '',
    });
  });

  it('keeps what a shopper already answered', () => {
    expect(vehicleStepFor({ vehiclePreference: 'help' }, vehicle)).toBeNull();
  });
});
