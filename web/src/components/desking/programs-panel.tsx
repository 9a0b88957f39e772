/**
 * The desk's "Programs" panel (docs/decisions.md, "Programs"): the lender programs matching the deal's vehicle, term
 * and mileage in the client's state today (GET /programs/match), each with a button that fills the desk from it; the
 * program chosen, with the markup over its buy rate (up to its maximum) and the incentives the client qualifies for.
 * Controlled: the deal form holds the desk and the program (./program-desk.ts).
 */
import { formatMoneyWhole } from '@shared/format';
import type { MatchQuery, ProgramMatch } from '@shared/programs/api';
import { PROGRAM_DESK_MESSAGES, formatMoneyFactor, type ClientIncentiveKind } from '@shared/programs/desk';
import { INCENTIVE_KIND_LABELS } from '@shared/programs/rows';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { enterStaysInPanel } from '@web/components/ui/enter-key';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { markupMessage, tickable, type DeskProgram } from './program-desk';
import { useProgramMatch } from './programs-api';
import styles from './desking-panel.module.css';

export interface ProgramsPanelProps {
  /** The vehicle, term and mileage the desk quotes; a match is asked once every one is there. */
  vehicle: { year?: number; make?: string; model?: string; trim?: string };
  termMonths?: number;
  milesPerYear?: number;
  /** The client's state, two letters, as typed. */
  state: string;
  onStateChange: (state: string) => void;
  /** The day the desk quotes on (the browser's date). */
  date: string;
  program: DeskProgram | null;
  onChoose: (match: ProgramMatch) => void;
  onChoice: (choice: { markupText?: string; incentiveKinds?: ClientIncentiveKind[] }) => void;
  onClear: () => void;
}

const wholeIn = (value: number | undefined, min: number, max: number) =>
  value !== undefined && Number.isInteger(value) && value >= min && value <= max;

/** The match's query, or null while something it needs is missing. */
export function matchQueryOf(
  props: Pick<ProgramsPanelProps, 'vehicle' | 'termMonths' | 'milesPerYear' | 'state' | 'date'>,
): MatchQuery | null {
  const { vehicle, termMonths, milesPerYear, state, date } = props;
  if (!wholeIn(vehicle.year, 1990, 2100) || !vehicle.make?.trim() || !vehicle.model?.trim()) return null;
  if (!wholeIn(termMonths, 1, 120) || !wholeIn(milesPerYear, 1000, 100_000) || !/^[A-Za-z]{2}$/.test(state.trim())) return null;
  return {
    year: String(vehicle.year),
    make: vehicle.make.trim(),
    model: vehicle.model.trim(),
    trim: vehicle.trim?.trim() ?? '',
    termMonths: String(termMonths),
    milesPerYear: String(milesPerYear),
    state: state.trim().toUpperCase(),
    date,
  };
}

const isChosen = (program: DeskProgram | null, match: ProgramMatch) =>
  program?.lenderId === match.lenderId && program.month === match.month && program.rowIndex === match.rowIndex;

/** "All trims · Residual 62% · Buy rate 0.00185, markup up to 0.00040 · Acquisition fee $650 · Lease cash $1,000". */
function summaryOf(match: ProgramMatch): string {
  return [
    match.trim || 'All trims',
    `Residual ${match.residualPercent}%`,
    `Buy rate ${formatMoneyFactor(match.buyRateMoneyFactor)}, markup up to ${formatMoneyFactor(match.maxMarkup)}`,
    `Acquisition fee ${formatMoneyWhole(match.acquisitionFee.amount)}${match.acquisitionFee.taxable ? ' (taxable)' : ''}`,
    ...match.incentives.map((incentive) => `${incentive.name} ${formatMoneyWhole(incentive.amount)}`),
  ].join(' · ');
}

export function ProgramsPanel(props: ProgramsPanelProps) {
  const { state, onStateChange, program, onChoose, onChoice, onClear } = props;
  const query = matchQueryOf(props);
  const match = useProgramMatch(query);
  const markupError = program ? markupMessage(program) : undefined;
  const kinds = program ? tickable(program) : [];
  // The state applies as it is typed; Enter asks the match again (new programs imported meanwhile), never saves the deal.
  const refresh = () => {
    if (query && !match.isFetching) void match.refetch();
  };

  return (
    // Enter in any of the panel's fields stays in the panel: the markup applies as typed (docs/decisions.md, "Programs").
    <section aria-labelledby="desk-programs-heading" className={styles.programs} onKeyDown={enterStaysInPanel()}>
      <h3 id="desk-programs-heading" className={styles.programsHeading}>
        Programs
      </h3>
      <div className={styles.fields}>
        <Field label="Client's state" hint="Two letters, e.g. CA: programs apply by state">
          {(control) => (
            <Input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={2}
              value={state}
              onChange={(event) => onStateChange(event.target.value.toUpperCase())}
              onKeyDown={enterStaysInPanel(refresh)}
            />
          )}
        </Field>
      </div>

      {program && (
        <div className={styles.chosenProgram} role="group" aria-label="Program chosen">
          <p>
            Desking from <strong>{program.programLabel}</strong> (in {program.state}, on {program.deskedOn}).{' '}
            <Button type="button" variant="link" onClick={onClear}>
              Stop using this program
            </Button>
          </p>
          <div className={styles.fields}>
            <Field
              label="Markup"
              hint={`Up to ${formatMoneyFactor(program.maxMarkup)} over the buy rate ${formatMoneyFactor(program.buyRate)}`}
              error={markupError}
            >
              {(control) => (
                <Input
                  {...control}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={program.markupText}
                  onChange={(event) => onChoice({ markupText: event.target.value })}
                />
              )}
            </Field>
          </div>
          {kinds.length > 0 && (
            <fieldset className={styles.qualifies}>
              <legend>The client qualifies for</legend>
              {kinds.map((kind) => (
                <label key={kind} className={styles.checkLabel}>
                  <Checkbox
                    checked={program.incentiveKinds.includes(kind)}
                    aria-label={INCENTIVE_KIND_LABELS[kind]}
                    onCheckedChange={(checked) =>
                      onChoice({
                        incentiveKinds:
                          checked === true
                            ? [...program.incentiveKinds, kind]
                            : program.incentiveKinds.filter((ticked) => ticked !== kind),
                      })
                    }
                  />{' '}
                  {INCENTIVE_KIND_LABELS[kind]}
                </label>
              ))}
            </fieldset>
          )}
          {program.incentives === null && program.incentiveKinds.length > 0 && (!query || !match.isPending) && (
            <p>
              The client qualifies for: {program.incentiveKinds.map((kind) => INCENTIVE_KIND_LABELS[kind]).join(', ')} (this
              program is not among today&apos;s matches: choose one to change)
            </p>
          )}
        </div>
      )}

      <div aria-live="polite">
        {!query ? (
          <p className={styles.programsNote}>
            Give the vehicle (year, make, model), the term, the mileage and the client&apos;s state to see the lender programs.
          </p>
        ) : match.isPending ? (
          <LoadingBlock label="Finding programs" />
        ) : match.isError ? (
          <p role="alert" className={styles.programsNote}>
            Error finding programs: {match.error.message}{' '}
            <Button type="button" variant="secondary" size="sm" onClick={() => void match.refetch()}>
              Try again
            </Button>
          </p>
        ) : match.data.matches.length === 0 ? (
          <p className={styles.programsNote}>{PROGRAM_DESK_MESSAGES.noMatch}</p>
        ) : (
          <ul className={styles.programList} aria-label="Matching programs">
            {match.data.matches.map((row) => (
              <li key={`${row.lenderId}|${row.month}|${row.rowIndex}`} className={styles.programItem}>
                <div>
                  <strong>{row.programLabel}</strong>
                  <br />
                  <span className={styles.programSummary}>{summaryOf(row)}</span>
                </div>
                <Button
                  type="button"
                  variant={isChosen(program, row) ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={isChosen(program, row)}
                  aria-label={`Use this program: ${row.programLabel}${row.trim ? `, ${row.trim}` : ''}`}
                  onClick={() => onChoose(row)}
                >
                  Use this program
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
