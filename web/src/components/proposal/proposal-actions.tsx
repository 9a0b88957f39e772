/**
 * A proposal's two actions, "Accept" and "Ask a question", shared by the public /proposal/{token} page and the
 * consumer portal (each passes its own mutation: by link, or by the consumer's deal and proposal id). Both guard
 * their first click; a failed question puts the focus back in the field with its message, and the accept's answer
 * takes the focus from the button it replaces (docs/decisions.md, "Proposal options").
 *
 * A mutation here is only what the actions call (`isPending`, `mutate` with callbacks): the portal passes TanStack
 * Query's, the public page its own small one (no query library in its 60 KB: docs/decisions.md, "Public pages").
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AcceptProposalResponse } from '@shared/proposals/api';
import { QUESTION_MAX, checkProposalQuestion } from '@shared/proposals/question';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import styles from './proposal-actions.module.css';

export interface ActionMutation<TResult, TInput> {
  isPending: boolean;
  mutate(input: TInput, callbacks: { onSuccess?: (result: TResult) => void; onError?: (error: Error) => void }): void;
}
/** The accept's input: the option's index, for a proposal with options (docs/decisions.md, "Proposal options"). */
export type AcceptMutation = ActionMutation<AcceptProposalResponse, number | undefined>;
export type QuestionMutation = ActionMutation<{ received: true; delivery: string }, string>;

export function AcceptAction({ accepted, accept }: { accepted: boolean; accept: AcceptMutation }) {
  const clicked = useRef(false);
  const [message, setMessage] = useState<string | null>(null);
  // A failed accept keeps "Accept" offered beside its message: a lost connection says to try again, so there must be
  // something to try again with (docs/decisions.md, "Proposal options").
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message || failure) said.current?.focus();
  }, [message, failure]);
  if (accepted && !message) {
    return <p className={styles.done}>This proposal is accepted. Your broker will be in touch.</p>;
  }
  if (message) {
    return (
      <p role="status" className={styles.done} ref={said} tabIndex={-1}>
        {message}
      </p>
    );
  }
  return (
    <div className={styles.accept}>
      {failure && (
        <p role="alert" className={styles.failure} ref={said} tabIndex={-1}>
          {failure.message}
        </p>
      )}
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
              // A new object each time, so the same message failing again takes the focus again.
              setFailure({ message: error.message });
            },
          });
        }}
      >
        Accept
      </Button>
    </div>
  );
}

export function AskQuestion({ ask }: { ask: QuestionMutation }) {
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
    const checked = checkProposalQuestion(question);
    if (!checked.ok) {
      setError(checked.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    sending.current = true;
    ask.mutate(checked.question, {
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
