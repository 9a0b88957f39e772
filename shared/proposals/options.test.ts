import { describe, expect, it } from 'vitest';
import {
  PROPOSAL_OPTION_REQUIRED_MESSAGE,
  PROPOSAL_OPTION_UNKNOWN_MESSAGE,
  PROPOSAL_OPTIONS_TOO_MANY_MESSAGE,
  createProposalRequestSchema,
  proposalOptionInputSchema,
  proposalSnapshotSchema,
  type ProposalOptionInput,
} from './api';
import { acceptedOptionOf, proposalOptionName, proposalOptions } from './options';

const OPTION: ProposalOptionInput = {
  label: 'Example Auto Finance, December 2026 program',
  source: 'program',
  termMonths: 36,
  milesPerYear: 10_000,
  monthlyPayment: 411.27,
  dueAtSigning: 2_911.27,
  refundableDeposits: 0,
  moneyFactor: 0.00125,
};

const parse = (input: ProposalOptionInput) => proposalOptionInputSchema.parse(input);

describe('proposal options as a share stores them', () => {
  it('derives each total cost on the server: the later payments, plus due at signing, less refundable deposits', () => {
    const [program, dealer] = proposalOptions([
      parse(OPTION),
      parse({ ...OPTION, label: 'Dealer quote', source: 'dealer-quote', dueAtSigning: 3_500, refundableDeposits: 700 }),
    ]);
    // 35 later payments of $411.27 are $14,394.45, to the cent.
    expect(program!.totalCost).toBe(17_305.72);
    expect(dealer!.totalCost).toBe(17_194.45);
  });

  it('keeps a one-pay option at its one payment, whatever monthly figure came with it', () => {
    const [onePay] = proposalOptions([parse({ ...OPTION, onePay: true, monthlyPayment: 99, dueAtSigning: 14_800 })]);
    expect(onePay).toMatchObject({ onePay: true, monthlyPayment: 0, totalCost: 14_800 });
  });

  it('stores only the listed fields: a total (or anything else) sent with the request is not kept', () => {
    const input = { ...OPTION, totalCost: 1, brokerFee: 500 } as ProposalOptionInput;
    const [stored] = proposalOptions([parse(input)]);
    expect(Object.keys(stored!).sort()).toEqual(
      [
        'dueAtSigning',
        'label',
        'milesPerYear',
        'moneyFactor',
        'monthlyPayment',
        'onePay',
        'refundableDeposits',
        'securityDepositCount',
        'source',
        'termMonths',
        'totalCost',
      ].sort(),
    );
    expect(stored!.totalCost).toBe(17_305.72);
  });
});

describe('the share request', () => {
  it('takes no options (the deal offer alone), one to three, and refuses a fourth', () => {
    expect(createProposalRequestSchema.parse({})).toEqual({});
    expect(createProposalRequestSchema.parse({ options: [OPTION, OPTION, OPTION] }).options).toHaveLength(3);
    const four = createProposalRequestSchema.safeParse({ options: [OPTION, OPTION, OPTION, OPTION] });
    expect(four.success).toBe(false);
    expect(four.error!.issues[0]).toMatchObject({ message: PROPOSAL_OPTIONS_TOO_MANY_MESSAGE, path: ['options'] });
  });

  it('names the field of a bad option', () => {
    const bad = createProposalRequestSchema.safeParse({ options: [OPTION, { ...OPTION, monthlyPayment: -1 }] });
    expect(bad.error!.issues[0]!.path).toEqual(['options', 1, 'monthlyPayment']);
  });

  it('refuses refundable deposits larger than what is due at signing (they are part of it)', () => {
    const bad = proposalOptionInputSchema.safeParse({ ...OPTION, dueAtSigning: 500, refundableDeposits: 700 });
    expect(bad.error!.issues[0]!.path).toEqual(['refundableDeposits']);
  });
});

describe('the option an accept takes', () => {
  const three = [{}, {}, {}];
  it('requires one when the proposal has options', () => {
    expect(acceptedOptionOf(three, undefined)).toEqual({ ok: false, message: PROPOSAL_OPTION_REQUIRED_MESSAGE });
  });
  it('takes one of them by index', () => {
    expect(acceptedOptionOf(three, 0)).toEqual({ ok: true, option: 0 });
    expect(acceptedOptionOf(three, 2)).toEqual({ ok: true, option: 2 });
  });
  it('refuses an index outside them', () => {
    expect(acceptedOptionOf(three, 3)).toEqual({ ok: false, message: PROPOSAL_OPTION_UNKNOWN_MESSAGE });
    expect(acceptedOptionOf(three, -1)).toEqual({ ok: false, message: PROPOSAL_OPTION_UNKNOWN_MESSAGE });
  });
  it('accepts a proposal without options with no option, and refuses any option it cannot have', () => {
    expect(acceptedOptionOf([], undefined)).toEqual({ ok: true, option: null });
    expect(acceptedOptionOf([], 0)).toEqual({ ok: false, message: PROPOSAL_OPTION_UNKNOWN_MESSAGE });
  });
});

describe('a snapshot stored before proposals had options', () => {
  it('reads with none', () => {
    const stored = {
      vehicle: { year: 2026, make: 'Volvo', model: 'XC60', trim: null, imageUrl: null },
      dealType: 'lease',
      monthlyPayment: 549.37,
      downPayment: 0,
      termMonths: 36,
      mileageAllowance: 10_000,
      moneyFactor: null,
      apr: null,
      totalDueAtSigning: null,
      driveOff: null,
      conciergeFee: 0,
      incentives: [],
      brokerName: 'Avery Broker',
      dealershipName: null,
      clientName: null,
    };
    expect(proposalSnapshotSchema.parse(stored).options).toEqual([]);
  });
});

it('names an option for the broker: its number, counted from one, and its label', () => {
  expect(proposalOptionName([{ label: 'A' }, { label: 'Dealer quote: Sample Motors' }], 1)).toBe(
    'Option 2: Dealer quote: Sample Motors',
  );
});
