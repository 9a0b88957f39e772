/**
 * /proposal/{token} (public, no account): the proposal a broker shared, with "Accept" and "Ask a question"
 * (docs/decisions.md, "Proposals"). A revoked, expired or unknown link shows its message instead. Reads well on a
 * phone (one column) and prints to one page (the actions are not printed).
 */
import { useParams } from 'react-router';
import { formatDateTime } from '@shared/format';
import { ProposalSheet, proposalCarName } from '@web/components/proposal/proposal-sheet';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useAcceptProposal, useAskQuestion, usePublicProposal } from '../api/proposals';
import { AcceptAction, AskQuestion } from '@web/components/proposal/proposal-actions';
import styles from './proposal-page.module.css';

export function ProposalPage() {
  const { token = '' } = useParams();
  const proposal = usePublicProposal(token);
  const view = proposal.data?.proposal;
  const accept = useAcceptProposal(token);
  const ask = useAskQuestion(token);
  useDocumentTitle(view ? `Proposal: ${proposalCarName(view.snapshot)}` : 'Proposal');

  if (proposal.isPending) return <FullScreenSpinner label="Loading your proposal" />;
  if (proposal.isError || !view) {
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>Proposal unavailable</h1>
        <p role="alert" className={styles.notice}>
          {proposal.data?.message ?? 'Unable to load this proposal. Please try again or contact your broker.'}
        </p>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Your lease proposal</h1>
      <ProposalSheet snapshot={view.snapshot} />
      <p className={styles.muted}>
        {view.status === 'accepted' && view.acceptedAt
          ? `You accepted this proposal on ${formatDateTime(view.acceptedAt)}.`
          : `This proposal is valid until ${formatDateTime(view.expiresAt)}.`}
      </p>
      <div className={styles.actions}>
        <AcceptAction accepted={view.status === 'accepted'} accept={accept} />
        <AskQuestion ask={ask} />
      </div>
    </main>
  );
}
