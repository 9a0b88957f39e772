/**
 * The deal page's "Proposals" card (docs/decisions.md, "Proposals"): on "Show proposals" (or after a share, or when
 * the trail shows one was accepted), every proposal sent for the deal with its status; the accepted one stands out.
 * "Share proposal" (the deal's broker or an admin, on a deal still open) sends a new proposal to the client's e-mail
 * on file (else their phone by text) and opens a dialog saying where it went, with the link to copy; Revoke on a sent
 * proposal asks first. A proposal with options lists them, the accepted one marked (docs/decisions.md, "Proposal
 * options"). Either dialog, once closed, hands the focus back to "Share proposal" when the browser could not return
 * it (docs/decisions.md, "Proposals").
 */
import { useRef, useState } from 'react';
import type { ProposalDelivery, ProposalOption, ProposalSummary } from '@shared/proposals/api';
import type { ProposalStatus } from '@shared/proposals/enums';
import { dealTakesProposals } from '@shared/proposals/rules';
import { formatDateTime, formatMileage, formatMoneyCents } from '@shared/format';
import { ProposalLinkDialog, type SharedProposal } from '@web/components/proposal/proposal-link-dialog';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions, useFocusAfterDialog } from '@web/components/ui/dialog';
import { SectionCard } from '@web/components/ui/section-card';
import { toast } from '@web/components/ui/toast';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { useDealProposals, useRevokeProposal, useShareProposal } from '../api/proposals';
import styles from './deals.module.css';

const STATUS: Record<ProposalStatus, { label: string; variant: BadgeVariant }> = {
  sent: { label: 'Sent', variant: 'primary' },
  accepted: { label: 'Accepted', variant: 'success' },
  revoked: { label: 'Revoked', variant: 'destructive' },
  replaced: { label: 'Replaced', variant: 'neutral' },
  withdrawn: { label: 'Withdrawn', variant: 'neutral' },
  expired: { label: 'Expired', variant: 'neutral' },
};

export const REVOKE_PROPOSAL_CONFIRM = 'The client will no longer be able to open or accept this proposal. Revoke it?';

/** Where the share went, in the dialog's words. */
export function deliveryText(delivery: ProposalDelivery, replaced: number): string {
  const earlier =
    replaced > 0
      ? ` It replaces the earlier proposal${replaced > 1 ? 's' : ''}: ${replaced > 1 ? 'their links say' : 'its link says'} so.`
      : '';
  if (!delivery.channel || !delivery.to)
    return `The client has no e-mail or phone on file: send them the link yourself.${earlier}`;
  const where = delivery.channel === 'email' ? `e-mailed to ${delivery.to}` : `texted to ${delivery.to}`;
  if (delivery.status === 'failed')
    return `The proposal could not be ${where} (${delivery.error ?? 'refused'}): send them the link yourself.${earlier}`;
  if (delivery.status === 'retrying')
    return `The proposal will be ${where} as soon as the provider takes it; no need to share again.${earlier}`;
  return `The proposal was ${where}.${earlier}`;
}

/** "$389.99/mo, 39 months, 12,000 mi/yr, $3,989.99 at signing, total $18,109.61" (a one-pay: its one payment). */
export function optionTerms(option: ProposalOption): string {
  const payment = option.onePay
    ? `${formatMoneyCents(option.dueAtSigning)} one payment`
    : `${formatMoneyCents(option.monthlyPayment)}/mo`;
  return [
    payment,
    `${option.termMonths} months`,
    ...(option.milesPerYear == null ? [] : [formatMileage(option.milesPerYear)]),
    ...(option.onePay ? [] : [`${formatMoneyCents(option.dueAtSigning)} at signing`]),
    `total ${formatMoneyCents(option.totalCost)}`,
  ].join(', ');
}

/** What a proposal offers, in a line: its one offer's payment and term, or the option accepted / how many it had. */
function offerOf(proposal: ProposalSummary): string {
  const chosen = proposal.acceptedOption === null ? undefined : proposal.options[proposal.acceptedOption];
  if (chosen) return `Option ${proposal.acceptedOption! + 1}: ${chosen.label} (${optionTerms(chosen)})`;
  if (proposal.options.length > 0) return `${proposal.options.length} options`;
  return `${formatMoneyCents(proposal.monthlyPayment)}/mo, ${proposal.termMonths} months`;
}

function ProposalOptionList({ proposal }: { proposal: ProposalSummary }) {
  return (
    <ol className={styles.proposalOptions} aria-label="Options">
      {proposal.options.map((option, index) => (
        <li key={index}>
          Option {index + 1}: {option.label}, {optionTerms(option)}{' '}
          {proposal.acceptedOption === index && <Badge variant="success">Accepted</Badge>}
        </li>
      ))}
    </ol>
  );
}

export function ProposalsCard({
  dealId,
  dealStatus,
  mayShare,
  acceptedProposalId,
}: {
  dealId: string;
  dealStatus: string;
  mayShare: boolean;
  /** The proposal the deal's trail says was accepted, if any: the list then loads with the page's card. */
  acceptedProposalId: string | null;
}) {
  // The list loads when asked for, after a share or when one was accepted: otherwise the deal page stays one call.
  const [open, setOpen] = useState(false);
  const proposals = useDealProposals(dealId, open || acceptedProposalId !== null);
  const share = useShareProposal(dealId);
  const revoke = useRevokeProposal(dealId);
  const [created, setCreated] = useState<SharedProposal | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const takesProposals = dealTakesProposals({ status: dealStatus });
  // The share's button was disabled while sending (so the focus had already left it), and a revoked row loses its
  // Revoke button: after either dialog, "Share proposal" takes the focus.
  const shareButton = useRef<HTMLButtonElement>(null);
  useFocusAfterDialog(created !== null || revoking !== null, shareButton);

  const onShare = useSingleFlight(async () => {
    try {
      const response = await share.mutateAsync();
      setCreated({ url: response.url, note: deliveryText(response.delivery, response.replaced) });
      setOpen(true);
    } catch (error) {
      toast({ title: 'Error sharing proposal', description: (error as Error).message, variant: 'destructive' });
    }
  });
  const onRevoke = useSingleFlight(async (proposalId: string) => {
    try {
      await revoke.mutateAsync(proposalId);
      toast({ title: 'Proposal revoked', description: 'Its link no longer works.', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error revoking proposal', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setRevoking(null);
    }
  });
  const list = proposals.data?.proposals ?? [];
  const accepted =
    list.find((proposal) => proposal.status === 'accepted' && proposal.id === acceptedProposalId) ??
    list.find((proposal) => proposal.status === 'accepted');

  return (
    <SectionCard title="Proposals">
      {mayShare &&
        (takesProposals ? (
          <Button ref={shareButton} isLoading={share.isPending} onClick={() => void onShare()}>
            Share proposal
          </Button>
        ) : (
          <p className={styles.muted}>A closed or not-sold deal takes no new proposal.</p>
        ))}
      {accepted && (
        <p className={styles.acceptedProposal}>
          Accepted proposal: {offerOf(accepted)}, sent{' '}
          <time dateTime={accepted.createdAt}>{formatDateTime(accepted.createdAt)}</time>, accepted{' '}
          <time dateTime={accepted.acceptedAt ?? ''}>{formatDateTime(accepted.acceptedAt ?? accepted.createdAt)}</time>
        </p>
      )}
      {!open && acceptedProposalId === null ? (
        <Button variant="ghost" onClick={() => setOpen(true)}>
          Show proposals
        </Button>
      ) : proposals.isPending ? (
        <p className={styles.muted}>Loading proposals</p>
      ) : proposals.isError ? (
        <p className={styles.muted}>Unable to load proposals</p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>No proposals yet</p>
      ) : (
        <ul className={styles.proposals} aria-label="Proposals sent">
          {list.map((proposal) => (
            <li key={proposal.id} className={styles.proposal}>
              <Badge variant={STATUS[proposal.status].variant}>{STATUS[proposal.status].label}</Badge>{' '}
              {proposal.options.length > 0
                ? `${proposal.options.length} options`
                : `${formatMoneyCents(proposal.monthlyPayment)}/mo, ${proposal.termMonths} months`}
              , sent <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time> by {proposal.createdBy}
              {proposal.acceptedAt && (
                <>
                  , accepted <time dateTime={proposal.acceptedAt}>{formatDateTime(proposal.acceptedAt)}</time>
                </>
              )}
              {mayShare && proposal.status === 'sent' && (
                <Button variant="ghost" size="sm" onClick={() => setRevoking(proposal.id)}>
                  Revoke
                </Button>
              )}
              {proposal.options.length > 0 && <ProposalOptionList proposal={proposal} />}
            </li>
          ))}
        </ul>
      )}

      <ProposalLinkDialog shared={created} onClose={() => setCreated(null)} />

      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke proposal"
        description={REVOKE_PROPOSAL_CONFIRM}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setRevoking(null)}>
            Cancel
          </Button>
          <Button variant="destructive" isLoading={revoke.isPending} onClick={() => revoking && void onRevoke(revoking)}>
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
