/**
 * The deal page's "Proposals" card (docs/decisions.md, "Proposals"): on "Show proposals" (or after a share), every
 * proposal sent for the deal with its status (sent, accepted, revoked, expired), "Share proposal" for the deal's broker or an admin, which shows the new link
 * once with a copy button, and Revoke on a sent proposal.
 */
import { useState } from 'react';
import type { CreateProposalResponse } from '@shared/proposals/api';
import type { ProposalStatus } from '@shared/proposals/enums';
import { formatDateTime, formatMoneyCents } from '@shared/format';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { SectionCard } from '@web/components/ui/section-card';
import { toast } from '@web/components/ui/toast';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { useDealProposals, useRevokeProposal, useShareProposal } from '../api/proposals';
import styles from './deals.module.css';

const STATUS: Record<ProposalStatus, { label: string; variant: BadgeVariant }> = {
  sent: { label: 'Sent', variant: 'primary' },
  accepted: { label: 'Accepted', variant: 'success' },
  revoked: { label: 'Revoked', variant: 'destructive' },
  expired: { label: 'Expired', variant: 'neutral' },
};

export function ProposalsCard({ dealId, mayShare }: { dealId: string; mayShare: boolean }) {
  // The list loads when asked for or after a share: the deal page itself stays one API call.
  const [open, setOpen] = useState(false);
  const proposals = useDealProposals(dealId, open);
  const share = useShareProposal(dealId);
  const revoke = useRevokeProposal(dealId);
  const [created, setCreated] = useState<CreateProposalResponse | null>(null);

  const onShare = useSingleFlight(async () => {
    try {
      setCreated(await share.mutateAsync());
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
    }
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'Proposal link copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <SectionCard title="Proposals">
      {mayShare && (
        <Button isLoading={share.isPending} onClick={() => void onShare()}>
          Share proposal
        </Button>
      )}
      {created && (
        <div className={styles.proposalLink}>
          <label htmlFor="proposal-link">Proposal link (shown once: copy it now)</label>
          <Input id="proposal-link" readOnly value={created.url} onFocus={(event) => event.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy(created.url)}>
            Copy link
          </Button>
        </div>
      )}
      {!open ? (
        <Button variant="ghost" onClick={() => setOpen(true)}>
          Show proposals
        </Button>
      ) : proposals.isPending ? (
        <p className={styles.muted}>Loading proposals</p>
      ) : proposals.isError ? (
        <p className={styles.muted}>Unable to load proposals</p>
      ) : proposals.data.proposals.length === 0 ? (
        <p className={styles.muted}>No proposals yet</p>
      ) : (
        <ul className={styles.proposals} aria-label="Proposals sent">
          {proposals.data.proposals.map((proposal) => (
            <li key={proposal.id} className={styles.proposal}>
              <Badge variant={STATUS[proposal.status].variant}>{STATUS[proposal.status].label}</Badge>{' '}
              {formatMoneyCents(proposal.monthlyPayment)}/mo, {proposal.termMonths} months, sent{' '}
              <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time> by {proposal.createdBy}
              {proposal.acceptedAt && (
                <>
                  , accepted <time dateTime={proposal.acceptedAt}>{formatDateTime(proposal.acceptedAt)}</time>
                </>
              )}
              {mayShare && proposal.status === 'sent' && (
                <Button variant="ghost" size="sm" isLoading={revoke.isPending} onClick={() => void onRevoke(proposal.id)}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
