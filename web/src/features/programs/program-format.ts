/**
 * How the programs screens say a program row's parts (the month's rows for admins, the match for brokers): the
 * vehicle, where it applies, the security-deposit rule, one-pay and the incentives. Pure, so tested without a screen.
 */
import { formatMoneyWhole } from '@shared/format';
import { INCENTIVE_KIND_LABELS, type ProgramIncentive, type ProgramRow } from '@shared/programs/rows';

/** "2027 Toyota RAV4 XLE" / "2027 Toyota RAV4, all trims". */
export const vehicleOf = (row: Pick<ProgramRow, 'year' | 'make' | 'model' | 'trim'>) =>
  `${row.year} ${row.make} ${row.model}${row.trim ? ` ${row.trim}` : ', all trims'}`;

/** "Everywhere" / "CA, NV; ZIP 940, 941". */
export function whereOf(row: Pick<ProgramRow, 'states' | 'zipPrefixes'>): string {
  const parts = [
    ...(row.states.length > 0 ? [row.states.join(', ')] : []),
    ...(row.zipPrefixes.length > 0 ? [`ZIP ${row.zipPrefixes.join(', ')}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'Everywhere';
}

/** "Up to 7, MF −0.00007 each (floor 0.00075), rounded to $50" / "None". */
export function depositsOf(row: Pick<ProgramRow, 'securityDeposits'>): string {
  const rule = row.securityDeposits;
  if (!rule) return 'None';
  const rounding = rule.roundingTo > 0 ? `, rounded up to ${formatMoneyWhole(rule.roundingTo)}` : '';
  return `Up to ${rule.maxCount}, MF −${rule.reductionEach} each (floor ${rule.floor})${rounding}`;
}

/** "MF 0.0012" / "Not allowed". */
export const onePayOf = (row: Pick<ProgramRow, 'onePay'>) =>
  row.onePay.allowed && row.onePay.moneyFactor !== null ? `MF ${row.onePay.moneyFactor}` : 'Not allowed';

/** "Sample lease cash $1,000 (Lease cash; stacks with Loyalty)". */
export function incentiveOf(incentive: ProgramIncentive): string {
  const stacks = incentive.stacksWith.map((kind) => INCENTIVE_KIND_LABELS[kind]).join(', ');
  return `${incentive.name} ${formatMoneyWhole(incentive.amount)} (${INCENTIVE_KIND_LABELS[incentive.kind]}${
    stacks ? `; stacks with ${stacks}` : ''
  })`;
}

/** "Taxable" fee or not: "$650" / "$595, taxable". */
export const acquisitionFeeOf = (row: Pick<ProgramRow, 'acquisitionFee'>) =>
  `${formatMoneyWhole(row.acquisitionFee.amount)}${row.acquisitionFee.taxable ? ', taxable' : ''}`;
