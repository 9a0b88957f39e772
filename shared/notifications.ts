/**
 * What the user is told about a notification the API kept for later (`delivery.status: retrying`): the record is
 * saved and its e-mail or text will be sent by the outbox (docs/architecture.md, "Side effects and the outbox"), so
 * there is nothing to send again.
 */
export function retryingNotice(what: string): string {
  return `${what} could not go out just now; LeaseDesk will send it automatically. No need to send it again.`;
}
