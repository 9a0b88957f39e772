/** The words a proposal sends: the client's e-mail or text with the link, the broker's e-mails of an accept and a question. */
import { type ProposalSnapshot } from '@shared/proposals/api';
import { formatDate, formatMoneyCents } from '@shared/format';

/** What the message says the offer is: its terms, or how many options it carries (docs/decisions.md, "Proposal options"). */
function termsOf(snapshot: ProposalSnapshot): string {
  if (snapshot.options.length > 0) return `${snapshot.options.length} options to choose from`;
  return `${formatMoneyCents(snapshot.monthlyPayment)}/mo for ${snapshot.termMonths} months`;
}

/** The client's e-mail or text carrying the proposal's link. */
export function proposalMessage(input: {
  clientName: string | null;
  snapshot: ProposalSnapshot;
  url: string;
  validUntil: string;
}) {
  const { vehicle, brokerName } = input.snapshot;
  const car = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
  const terms = termsOf(input.snapshot);
  return {
    subject: `Your proposal for the ${car} from ${brokerName}`,
    text: [
      `Hello ${input.clientName ?? 'there'},`,
      '',
      `${brokerName} sent you a proposal for the ${car}: ${terms}.`,
      '',
      `Read it, accept it or ask a question here (the link works until ${formatDate(input.validUntil)}):`,
      input.url,
      '',
      'A newer proposal from your broker replaces this one.',
    ].join('\n'),
    sms: `${brokerName} sent you a proposal for the ${car} (${terms}): ${input.url}`,
  };
}

/** The broker's e-mail that a client accepted a proposal (`optionName`: the option chosen, when it had options). */
export function acceptedEmail(input: {
  clientName: string;
  snapshot: ProposalSnapshot;
  optionName: string | null;
  dealUrl: string;
}) {
  const { vehicle } = input.snapshot;
  const car = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
  const chosen = input.optionName
    ? input.optionName
    : `${formatMoneyCents(input.snapshot.monthlyPayment)}/mo, ${input.snapshot.termMonths} months`;
  return {
    subject: `${input.clientName} accepted the ${car} proposal`,
    text: [`${input.clientName} accepted your proposal for the ${car} (${chosen}).`, '', `The deal: ${input.dealUrl}`].join('\n'),
  };
}

/** The broker's e-mail about a client's question. */
export function questionEmail(input: { clientName: string; snapshot: ProposalSnapshot; question: string; dealUrl: string }) {
  const { vehicle } = input.snapshot;
  const car = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
  return {
    subject: `${input.clientName} has a question about the ${car} proposal`,
    text: [
      `${input.clientName} asked about the proposal for the ${car} (${formatMoneyCents(input.snapshot.monthlyPayment)}/mo, ${input.snapshot.termMonths} months):`,
      '',
      input.question,
      '',
      `The deal: ${input.dealUrl}`,
    ].join('\n'),
  };
}
