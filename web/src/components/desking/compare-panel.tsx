/**
 * The desk's "Compare" panel (docs/decisions.md, "Comparison"): the deal priced on every lender program matching its
 * vehicle, term and mileage in the client's state today (the Programs panel's match), beside the dealer quotes the
 * broker types, cheapest total cost first; "Use this" fills the desk from a program as the Programs panel does, and
 * up to three rows are shared with the client as a proposal's options. The rules are shared/programs/compare.ts's.
 * Cards side by side on a wide screen, stacked on a phone (no sideways scrolling).
 */
import { useMemo, useRef, useState } from 'react';
import { formatMileage, formatMoneyCents } from '@shared/format';
import type { LeaseInput } from '@shared/lease/calculate';
import type { MatchQuery, ProgramMatch } from '@shared/programs/api';
import {
  PROPOSAL_OPTIONS_FULL_MESSAGE,
  compareLeases,
  offerKindsOf,
  programRowKey,
  proposalOptionsOf,
  type ComparisonRow,
  type DealerQuote,
  type OfferKind,
} from '@shared/programs/compare';
import { tickableKinds, type ClientIncentiveKind } from '@shared/programs/desk';
import { INCENTIVE_KIND_LABELS } from '@shared/programs/rows';
import type { ProposalOptionInput } from '@shared/proposals/api';
import { ProposalLinkDialog, type SharedProposal } from '@web/components/proposal/proposal-link-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { useFocusAfterDialog } from '@web/components/ui/dialog';
import { enterStaysInPanel } from '@web/components/ui/enter-key';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { mayTickMore, picksOf, shareLabel, type ProposalTicks } from './compare';
import { DealerQuoteForm } from './dealer-quote-form';
import { useProgramMatch } from './programs-api';
import styles from './compare-panel.module.css';

export interface CompareShare {
  /** Why the options cannot be shared from here (a new deal has no id yet), or null. */
  blocked: string | null;
  /** Shares a proposal carrying the options; answers its link (shown once) and where it went. */
  onShare: (options: ProposalOptionInput[]) => Promise<SharedProposal>;
}

export interface ComparePanelProps {
  /** The Programs panel's match query, or null while the desk lacks something it needs. */
  query: MatchQuery | null;
  /** The desk's lease input: every program is priced with its price, cash down, fees and tax. */
  desk: LeaseInput;
  /** The deal's term and mileage, filled in a new dealer quote. */
  termMonths?: number;
  milesPerYear?: number;
  /** The program the desk is filled from, if any. */
  chosen: Pick<ProgramMatch, 'lenderId' | 'month' | 'rowIndex'> | null;
  /** "Use this": fill the desk from the program, with the incentive kinds ticked here. */
  onUse: (match: ProgramMatch, incentiveKinds: ClientIncentiveKind[]) => void;
  /** Sharing ticked rows as a proposal's options; without it the rows have no "Add to proposal". */
  share?: CompareShare;
}

const OFFER_LABELS: Record<OfferKind, string> = { monthly: 'Monthly', 'one-pay': 'One-pay', deposits: 'With deposits' };

export function ComparePanel({ query, desk, termMonths, milesPerYear, chosen, onUse, share }: ComparePanelProps) {
  const match = useProgramMatch(query);
  const matches = useMemo(() => match.data?.matches ?? [], [match.data]);
  const [kinds, setKinds] = useState<ClientIncentiveKind[]>([]);
  const [quotes, setQuotes] = useState<DealerQuote[]>([]);
  const [ticks, setTicks] = useState<ProposalTicks>(() => new Map());
  const [shared, setShared] = useState<SharedProposal | null>(null);
  // The share's button was disabled while sending: after the link's dialog, it takes the focus back.
  const shareButton = useRef<HTMLButtonElement>(null);
  useFocusAfterDialog(shared !== null, shareButton);
  const [sharing, setSharing] = useState(false);
  const nextId = useRef(1);

  const rows = useMemo(
    () => compareLeases({ desk, programs: matches, incentiveKinds: kinds, dealerQuotes: quotes }),
    [desk, matches, kinds, quotes],
  );
  const byKey = useMemo(() => new Map(matches.map((row) => [programRowKey(row), row])), [matches]);
  const offeredKinds = useMemo(() => tickableKinds(matches.flatMap((row) => row.incentives)), [matches]);
  const picks = picksOf(rows, ticks);

  const tick = (key: string, offer: OfferKind | null) =>
    setTicks((current) => {
      const next = new Map(current);
      if (offer === null) next.delete(key);
      else next.set(key, offer);
      return next;
    });
  const onShare = useSingleFlight(async () => {
    if (!share) return;
    setSharing(true);
    try {
      const result = await share.onShare(proposalOptionsOf(picks));
      setShared(result);
      toast({ title: 'Proposal shared', description: result.note, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error sharing proposal', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setSharing(false);
    }
  });

  return (
    // Enter in the panel's fields (the offer choices, a dealer quote) never saves the deal around it.
    <section aria-labelledby="desk-compare-heading" className={styles.compare} onKeyDown={enterStaysInPanel()}>
      <h3 id="desk-compare-heading" className={styles.heading}>
        Compare
      </h3>
      <p className={styles.note}>
        Each matching program priced with this desk&apos;s price, cash down, fees and tax, at its buy rate, beside the dealer
        quotes you add. Total cost is every payment plus due at signing, less refundable deposits; cheapest first.
      </p>
      {offeredKinds.length > 0 && (
        <fieldset className={styles.qualifies}>
          <legend>The client qualifies for (every program)</legend>
          {offeredKinds.map((kind) => (
            <label key={kind} className={styles.checkLabel}>
              <Checkbox
                checked={kinds.includes(kind)}
                aria-label={`Compare with ${INCENTIVE_KIND_LABELS[kind]}`}
                onCheckedChange={(checked) =>
                  setKinds((current) => (checked === true ? [...current, kind] : current.filter((k) => k !== kind)))
                }
              />{' '}
              {INCENTIVE_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
      )}

      <div aria-live="polite">
        {query && match.isPending ? (
          <LoadingBlock label="Finding programs" />
        ) : query && match.isError ? (
          <p role="alert" className={styles.note}>
            Error finding programs: {match.error.message}
          </p>
        ) : rows.length === 0 ? (
          <p className={styles.note}>
            {query ? 'No program matches: add a dealer quote to compare.' : 'No programs yet: add a dealer quote to compare.'}
          </p>
        ) : (
          <ol className={styles.rows} aria-label="Compared offers">
            {rows.map((row) => (
              <CompareRow
                key={row.key}
                row={row}
                chosen={chosen !== null && row.kind !== 'dealer-quote' && row.key === programRowKey(chosen)}
                offer={ticks.get(row.key)}
                mayTick={share ? mayTickMore(picks.length) : null}
                onTick={(offer) => tick(row.key, offer)}
                onUse={() => {
                  const program = byKey.get(row.key);
                  if (program) onUse(program, kinds);
                }}
                onRemove={() => setQuotes((current) => current.filter((quote) => `dealer|${quote.id}` !== row.key))}
              />
            ))}
          </ol>
        )}
      </div>

      <DealerQuoteForm
        termMonths={termMonths}
        milesPerYear={milesPerYear}
        onAdd={(quote) => setQuotes((current) => [...current, { ...quote, id: String(nextId.current++) }])}
      />

      {share && (
        <div className={styles.share}>
          <Button
            ref={shareButton}
            type="button"
            isLoading={sharing}
            disabled={share.blocked !== null || picks.length === 0}
            aria-describedby="desk-compare-share-note"
            onClick={() => void onShare()}
          >
            {shareLabel(picks.length)}
          </Button>
          <p id="desk-compare-share-note" className={styles.note}>
            {share.blocked ??
              (picks.length === 0
                ? 'Tick "Add to proposal" on up to 3 rows to share them with the client.'
                : 'The client chooses one; the rest of the proposal is the deal as last saved.')}
          </p>
        </div>
      )}
      <ProposalLinkDialog shared={shared} onClose={() => setShared(null)} />
    </section>
  );
}

interface CompareRowProps {
  row: ComparisonRow;
  chosen: boolean;
  offer: OfferKind | undefined;
  /** Whether another row may be ticked; null: nothing is shared from here (no "Add to proposal"). */
  mayTick: boolean | null;
  onTick: (offer: OfferKind | null) => void;
  onUse: () => void;
  onRemove: () => void;
}

function CompareRow({ row, chosen, offer, mayTick, onTick, onUse, onRemove }: CompareRowProps) {
  const id = `compare-${row.key.replace(/[^A-Za-z0-9-]/g, '-')}`;
  const detail =
    row.kind === 'dealer-quote'
      ? `Typed by hand · ${row.termMonths} months · ${formatMileage(row.milesPerYear)}`
      : `${row.program.trim || 'All trims'} · ${row.termMonths} months · ${formatMileage(row.milesPerYear)}`;
  const ticked = offer !== undefined;
  const kinds = row.kind === 'unpriced' ? [] : offerKindsOf(row);
  return (
    <li className={styles.row} aria-labelledby={`${id}-source`} data-chosen={chosen || undefined}>
      <h4 id={`${id}-source`} className={styles.source}>
        {row.source}
      </h4>
      <p className={styles.detail}>{detail}</p>
      {row.kind === 'unpriced' ? (
        <p className={styles.note}>Not priced: {row.problem}</p>
      ) : (
        <dl className={styles.figures}>
          <Figure label="Monthly payment" value={formatMoneyCents(row.monthlyPayment)} />
          <Figure label="Due at signing" value={formatMoneyCents(row.dueAtSigning)} />
          {row.refundableDeposits > 0 && <Figure label="Refundable deposits" value={formatMoneyCents(row.refundableDeposits)} />}
          <Figure label="Total cost" value={formatMoneyCents(row.totalCost)} strong />
          {row.kind === 'program' && (
            <>
              <Figure
                label="One-pay"
                value={
                  row.onePay
                    ? `${formatMoneyCents(row.onePay.amount)} (total ${formatMoneyCents(row.onePay.totalCost)})`
                    : 'Not offered'
                }
              />
              <Figure
                label="Best deposits"
                value={
                  !row.bestDeposits
                    ? 'Not offered'
                    : row.bestDeposits.count === 0
                      ? 'None (deposits save nothing)'
                      : `${row.bestDeposits.count}: ${formatMoneyCents(row.bestDeposits.monthlyPayment)}/mo, total ${formatMoneyCents(row.bestDeposits.totalCost)}`
                }
              />
            </>
          )}
        </dl>
      )}
      <div className={styles.rowActions}>
        {row.kind !== 'unpriced' && mayTick !== null && (
          <label className={styles.checkLabel}>
            <Checkbox
              checked={ticked}
              disabled={!ticked && !mayTick}
              aria-label={`Add to proposal: ${row.source}`}
              aria-describedby={!ticked && !mayTick ? `${id}-full` : undefined}
              onCheckedChange={(checked) => onTick(checked === true ? 'monthly' : null)}
            />{' '}
            Add to proposal
            {!ticked && !mayTick && (
              <span id={`${id}-full`} className={styles.full}>
                {PROPOSAL_OPTIONS_FULL_MESSAGE}
              </span>
            )}
          </label>
        )}
        {ticked && kinds.length > 1 && (
          <fieldset className={styles.offers}>
            <legend className="visually-hidden">Offer {row.source} as</legend>
            {kinds.map((kind) => (
              <label key={kind} className={styles.checkLabel}>
                <input type="radio" name={`${id}-offer`} checked={offer === kind} onChange={() => onTick(kind)} />{' '}
                {OFFER_LABELS[kind]}
              </label>
            ))}
          </fieldset>
        )}
        {row.kind === 'dealer-quote' ? (
          <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${row.source}`} onClick={onRemove}>
            Remove
          </Button>
        ) : (
          <Button
            type="button"
            variant={chosen ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={chosen}
            aria-label={`Use this: ${row.source}${row.program.trim ? `, ${row.program.trim}` : ''}`}
            onClick={onUse}
          >
            Use this
          </Button>
        )}
      </div>
    </li>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? styles.strong : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
