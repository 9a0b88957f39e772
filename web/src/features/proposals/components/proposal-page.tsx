/**
 * /proposal/{token} (public, no account): the proposal a broker shared, with "Accept" and "Ask a question"
 * (docs/decisions.md, "Proposals"). A revoked, expired or unknown link shows its message instead. Reads well on a
 * phone (one column) and prints to one page (the actions are not printed).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { QUESTION_MAX, proposalQuestionSchema, type ProposalView } from '@shared/proposals/api';
import { formatDateTime } from '@shared/format';
import { ProposalSheet, proposalCarName } from '@web/components/proposal/proposal-sheet';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useAcceptProposal, useAskQuestion, usePublicProposal } from '../api/proposals';
import styles from './proposal-page.module.css';

export function ProposalPage() {
  const { token = '' } = useParams();
  const proposal = usePublicProposal(token);
  const view = proposal.data?.proposal;
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
        <AcceptAction token={token} view={view} />
        <AskQuestion token={token} />
      </div>
    </main>
  );
}

function AcceptAction({ token, view }: { token: string; view: ProposalView }) {
  const accept = useAcceptProposal(token);
  const clicked = useRef(false);
  const [message, setMessage] = useState<string | null>(null);
  if (view.status === 'accepted' && !message) {
    return <p className={styles.done}>This proposal is accepted. Your broker will be in touch.</p>;
  }
  if (message) {
    return (
      <p role="status" className={styles.done}>
        {message}
      </p>
    );
  }
  return (
    <div>
      <Button
        isLoading={accept.isPending}
        onClick={() => {
          if (clicked.current) return;
          clicked.current = true;
          accept.mutate(undefined, {
            onSuccess: (result) =>
              setMessage(
                result.alreadyAccepted ? result.message : 'Thank you: the proposal is accepted. Your broker will be in touch.',
              ),
            onError: (error) => {
              clicked.current = false;
              setMessage(error.message);
            },
          });
        }}
      >
        Accept
      </Button>
    </div>
  );
}

function AskQuestion({ token }: { token: string }) {
  const ask = useAskQuestion(token);
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const sending = useRef(false);

  if (sent) {
    return (
      <p role="status" className={styles.done}>
        Your question was sent to your broker.
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Ask a question
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const parsed = proposalQuestionSchema.safeParse({ question });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    sending.current = true;
    ask.mutate(parsed.data.question, {
      onSuccess: () => setSent(true),
      onError: (failure) => {
        sending.current = false;
        setError(failure.message);
        input.current?.focus();
      },
    });
  };
  return (
    <form className={styles.question} onSubmit={submit} noValidate>
      <Field label="Your question" name="question" error={error}>
        {(control) => (
          <textarea
            {...control}
            ref={input}
            className={styles.textarea}
            rows={3}
            maxLength={QUESTION_MAX}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" isLoading={ask.isPending}>
        Send question
      </Button>
    </form>
  );
}
