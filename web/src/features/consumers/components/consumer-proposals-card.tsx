/**
 * The consumer's deal page and portal: the proposals their broker sent for the deal (sent or accepted), each as the
 * proposal sheet the public link shows, with the link's "Accept" (an open proposal) and "Ask a question". Loaded when
 * opened, so the page itself stays one API call.
 */
import { useState } from 'react';
import type { ProposalView } from '@shared/proposals/api';
import { formatDateTime } from '@shared/format';
import { ProposalSheet } from '@web/components/proposal/proposal-sheet';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/section-card';
import { AcceptAction, AskQuestion } from '@web/components/proposal/proposal-actions';
import { ProposalOptions } from '@web/components/proposal/proposal-options';
import { useAcceptConsumerProposal, useAskConsumerQuestion, useConsumerProposals } from '../api/consumer-proposals';
import styles from './consumers.module.css';

export function ConsumerProposalsCard({ dealId }: { dealId: string }) {
  const [open, setOpen] = useState(false);
  const proposals = useConsumerProposals(dealId, open);
  return (
    <SectionCard title="Proposals">
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Show proposals
        </Button>
      ) : proposals.isPending ? (
        <p className={styles.muted}>Loading proposals</p>
      ) : proposals.isError ? (
        <p className={styles.muted}>Unable to load proposals</p>
      ) : proposals.data.proposals.length === 0 ? (
        <p className={styles.muted}>No proposals yet</p>
      ) : (
        proposals.data.proposals.map((proposal) => (
          <div key={proposal.id}>
            <p className={styles.muted}>
              {proposal.status === 'accepted' && proposal.acceptedAt
                ? `Accepted ${formatDateTime(proposal.acceptedAt)}`
                : `Sent ${formatDateTime(proposal.createdAt)}, valid until ${formatDateTime(proposal.expiresAt)}`}
            </p>
            <ProposalActions dealId={dealId} proposal={proposal} />
          </div>
        ))
      )}
    </SectionCard>
  );
}

/** The sheet with its accept (option by option when it has options: docs/decisions.md, "Proposal options"). */
function ProposalActions({ dealId, proposal }: { dealId: string; proposal: ProposalView }) {
  const accept = useAcceptConsumerProposal(dealId, proposal.id);
  const ask = useAskConsumerQuestion(dealId, proposal.id);
  return (
    <>
      <ProposalSheet
        snapshot={proposal.snapshot}
        options={
          <ProposalOptions
            options={proposal.snapshot.options}
            acceptedOption={proposal.acceptedOption}
            open={proposal.status === 'sent'}
            accept={accept}
          />
        }
      />
      <div className={styles.proposalActions}>
        {proposal.snapshot.options.length === 0 && <AcceptAction accepted={proposal.status === 'accepted'} accept={accept} />}
        <AskQuestion ask={ask} />
      </div>
    </>
  );
}
