/**
 * A proposal's options side by side (docs/decisions.md, "Proposal options"), stacked on a phone: each with its label,
 * payment, due at signing, term and miles, total cost and refundable deposits, and its own "Accept this option" that
 * asks to confirm first (naming the option) and guards its first click. Once accepted, the chosen option is marked
 * "Accepted" and the others offer nothing. Shared by the public /proposal/{token} page and the consumer portal, each
 * with its own accept (by link, or by the consumer's deal and proposal id); `accept` absent shows the options only.
 * The keyboard's focus follows the choice (docs/decisions.md, "Proposal options"): each of these steps removes the
 * button just pressed, so the focus would otherwise fall to the page's start.
 */
import { useEffect, useRef, useState } from 'react';
import type { AcceptProposalResponse, ProposalOption } from '@shared/proposals/api';
import { formatMileage, formatMoneyCents } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import type { AcceptMutation } from './proposal-actions';
import styles from './proposal-options.module.css';

/** "Option 2: <label>", numbered from 1 as the broker's notice names it (shared/proposals/options.ts). */
export const optionTitle = (option: Pick<ProposalOption, 'label'>, index: number) => `Option ${index + 1}: ${option.label}`;

/** The option's figures in the order the client compares them. */
export function optionFacts(option: ProposalOption): [string, string][] {
  return [
    option.onePay
      ? ['One payment', formatMoneyCents(option.dueAtSigning)]
      : ['Monthly payment', formatMoneyCents(option.monthlyPayment)],
    ...(option.onePay ? [] : ([['Due at signing', formatMoneyCents(option.dueAtSigning)]] as [string, string][])),
    ['Term', `${option.termMonths} months`],
    ['Mileage', option.milesPerYear == null ? '—' : formatMileage(option.milesPerYear)],
    ['Total cost', formatMoneyCents(option.totalCost)],
    ...(option.refundableDeposits > 0
      ? ([['Refundable deposits', formatMoneyCents(option.refundableDeposits)]] as [string, string][])
      : []),
  ];
}

export function ProposalOptions({
  options,
  acceptedOption,
  open,
  accept,
}: {
  options: readonly ProposalOption[];
  acceptedOption: number | null;
  /** The proposal can still be accepted (sent). */
  open: boolean;
  accept?: AcceptMutation;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const clicked = useRef(false);
  // What the answer said stands (a second accept from another tab keeps the first choice), until the view reloads.
  const [answered, setAnswered] = useState<AcceptProposalResponse | null>(null);
  const chosen = answered?.acceptedOption ?? acceptedOption;
  const offered = open && chosen === null && accept !== undefined;
  // Where the focus goes once the step just taken has rendered: an option's first button (the confirmation's "Yes",
  // or its "Accept this option" again after Cancel), or the answer's message.
  const list = useRef<HTMLOListElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<number | 'message' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'message') said.current?.focus();
    else list.current?.children[target]?.querySelector('button')?.focus();
  });
  const showConfirmation = (index: number | null, focusOption: number) => {
    focusNext.current = focusOption;
    setConfirming(index);
  };

  const confirm = (index: number) => {
    if (!accept || clicked.current) return;
    clicked.current = true;
    accept.mutate(index, {
      onSuccess: (result) => {
        focusNext.current = 'message';
        setAnswered(result);
        setConfirming(null);
        setMessage(
          result.alreadyAccepted
            ? result.message
            : `Thank you: you accepted ${optionTitle(options[index]!, index)}. Your broker will be in touch.`,
        );
      },
      onError: (error) => {
        clicked.current = false;
        focusNext.current = 'message';
        setConfirming(null);
        setMessage(error.message);
      },
    });
  };

  return (
    <section aria-label="Options" className={styles.section}>
      <h3 className={styles.heading}>
        {options.length} options{offered ? ': choose the one you want' : ''}
      </h3>
      <ol className={styles.options} ref={list}>
        {options.map((option, index) => {
          const isChosen = chosen === index;
          return (
            <li
              key={index}
              className={[styles.option, isChosen ? styles.chosen : ''].filter(Boolean).join(' ')}
              aria-label={optionTitle(option, index)}
              data-testid="proposal-option"
            >
              <h4 className={styles.label}>
                <span className={styles.number}>Option {index + 1}</span> {option.label}
              </h4>
              {isChosen && (
                <Badge variant="success" className={styles.badge}>
                  Accepted
                </Badge>
              )}
              <dl className={styles.facts}>
                {optionFacts(option).map(([label, value]) => (
                  <div key={label} className={styles.fact}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {offered &&
                (confirming === index ? (
                  <div role="group" aria-label={`Confirm ${optionTitle(option, index)}`} className={styles.confirm}>
                    <p>Accept {optionTitle(option, index)}? The other options will no longer be offered.</p>
                    <div className={styles.buttons}>
                      <Button isLoading={accept.isPending} onClick={() => confirm(index)}>
                        Yes, accept this option
                      </Button>
                      <Button variant="secondary" disabled={accept.isPending} onClick={() => showConfirmation(null, index)}>
                        Cancel
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button variant={confirming === null ? 'primary' : 'secondary'} onClick={() => showConfirmation(index, index)}>
                    Accept this option
                  </Button>
                ))}
            </li>
          );
        })}
      </ol>
      {message && (
        <p role="status" className={styles.done} ref={said} tabIndex={-1}>
          {message}
        </p>
      )}
    </section>
  );
}
