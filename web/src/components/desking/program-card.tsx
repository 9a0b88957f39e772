/**
 * The deal page's "Lender Program" card (docs/decisions.md, "Programs"): the program the deal was desked with, the
 * numbers typed over it, and a note when a newer month of that lender would change the payment. The comparison is
 * computed here, on reading the page: the match of the deal's vehicle, term, mileage and state today, its newer
 * month's row priced with the deal's saved desking (shared/programs/desk.ts, `newerProgramPayment`). Nothing saved
 * changes: the deal keeps the numbers it was desked with until the broker desks it again.
 */
import type { DealView } from '@shared/deals/api';
import { formatDate, formatMoneyCents } from '@shared/format';
import {
  formatMoneyFactor,
  localDate,
  newerProgramNote,
  newerProgramPayment,
  type ProgramFilledField,
} from '@shared/programs/desk';
import { Facts, SectionCard } from '@web/components/ui/section-card';
import { matchQueryOf } from './programs-panel';
import { useProgramMatch } from './programs-api';

const FIELD_LABELS: Record<ProgramFilledField, string> = {
  residualPercent: 'residual',
  moneyFactor: 'money factor',
  acquisitionFee: 'acquisition fee',
  rebates: 'rebates',
};

export interface ProgramCardProps {
  deal: Pick<DealView, 'desking' | 'program' | 'year' | 'make' | 'model' | 'trim' | 'mileageAllowance'>;
  /** Whether the viewer may read programs (approved brokers and admins): the newer-program note needs the match. */
  comparesPrograms: boolean;
}

export function ProgramCard({ deal, comparesPrograms }: ProgramCardProps) {
  const { program, desking } = deal;
  const query =
    program && desking && comparesPrograms
      ? matchQueryOf({
          vehicle: { year: deal.year, make: deal.make, model: deal.model, trim: deal.trim ?? '' },
          termMonths: desking.termMonths,
          milesPerYear: deal.mileageAllowance ?? undefined,
          state: program.state,
          date: localDate(new Date()),
        })
      : null;
  const match = useProgramMatch(query);
  if (!program || !desking) return null;
  const newer = match.data ? newerProgramPayment(desking, program, match.data.matches) : undefined;
  return (
    <SectionCard title="Lender Program">
      <Facts
        rows={[
          ['Program', program.programLabel],
          [
            'Money factor',
            program.markup > 0
              ? `buy rate ${formatMoneyFactor(program.buyRate)} + markup ${formatMoneyFactor(program.markup)}`
              : `buy rate ${formatMoneyFactor(program.buyRate)}`,
          ],
          [
            'Override',
            program.overridden.length > 0 ? program.overridden.map((field) => FIELD_LABELS[field]).join(', ') : 'None',
          ],
          ['Desked on', `${formatDate(program.deskedOn)} in ${program.state}`],
        ]}
      />
      {newer && <p role="status">{newerProgramNote(newer, formatMoneyCents)}</p>}
    </SectionCard>
  );
}
