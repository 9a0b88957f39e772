/**
 * /proposal/{token} (public, no account): the proposal a broker shared, with "Accept" and "Ask a question"
 * (docs/decisions.md, "Proposals"). A revoked, replaced, withdrawn, expired or unknown link shows its message instead. Reads well on a
 * phone (one column) and prints to one page (the actions are not printed). Its own entry (web/proposal.html,
 * src/public/proposal-main.tsx), rendered with Preact in production (docs/decisions.md, "Public pages").
 */
import { formatDateTime } from '@shared/format';
import { ProposalSheet, proposalCarName } from '@web/components/proposal/proposal-sheet';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useAcceptProposal, useAskQuestion, usePublicProposal } from '../api/proposals';
import { AcceptAction, AskQuestion } from '@web/components/proposal/proposal-actions';
import { ProposalOptions } from '@web/components/proposal/proposal-options';
import styles from './proposal-page.module.css';

/** The heading of a link that shows no proposal, where its state has one of its own (the message says the rest). */
const UNAVAILABLE_TITLES: Record<string, string> = {
  replaced: 'Proposal replaced',
  withdrawn: 'Proposal withdrawn',
  revoked: 'Proposal withdrawn',
  expired: 'Proposal expired',
};

export function ProposalPage({ token }: { token: string }) {
  const { link, reload } = usePublicProposal(token);
  const answer = link.state === 'loaded' ? link.answer : undefined;
  const view = answer?.proposal;
  const accept = useAcceptProposal(token, reload);
  const ask = useAskQuestion(token);
  useDocumentTitle(view ? `Proposal: ${proposalCarName(view.snapshot)}` : 'Proposal');

  if (link.state === 'loading') return <FullScreenSpinner label="Loading your proposal" />;
  if (!view) {
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>{UNAVAILABLE_TITLES[answer?.status ?? ''] ?? 'Proposal unavailable'}</h1>
        <p role="alert" className={styles.notice}>
          {answer?.message ?? 'Unable to load this proposal. Please try again or contact your broker.'}
        </p>
      </main>
    );
  }
  return (
    <main className={view.snapshot.options.length > 0 ? `${styles.page} ${styles.wide}` : styles.page}>
      <h1 className={styles.title}>Your lease proposal</h1>
      <ProposalSheet
        snapshot={view.snapshot}
        options={
          <ProposalOptions
            options={view.snapshot.options}
            acceptedOption={view.acceptedOption}
            open={view.status === 'sent'}
            accept={accept}
          />
        }
      />
      <p className={styles.muted}>
        {view.status === 'accepted' && view.acceptedAt
          ? `You accepted this proposal on ${formatDateTime(view.acceptedAt)}.`
          : `This proposal is valid until ${formatDateTime(view.expiresAt)}.`}
      </p>
      <div className={styles.actions}>
        {/* A proposal with options is accepted option by option, in the sheet. */}
        {view.snapshot.options.length === 0 && <AcceptAction accepted={view.status === 'accepted'} accept={accept} />}
        <AskQuestion ask={ask} />
      </div>
    </main>
  );
}
