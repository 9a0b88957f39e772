/**
 * What the applicant's page does with the answer about their link (docs/decisions.md, "Credit applications"): show the
 * form, go to the thank-you page (completed), or go home with the catalogue's toast. Pure, so every branch is tested.
 */
import {
  DEAL_INFORMATION_MISSING_MESSAGE,
  INVALID_LINK_MESSAGE,
  INVALID_LINK_TITLE,
  LINK_EXPIRED_MESSAGE,
  LINK_EXPIRED_TITLE,
  UNABLE_TO_LOAD_CONTACT_SUPPORT_MESSAGE,
  UNABLE_TO_LOAD_DETAILS_MESSAGE,
  UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE,
  UNABLE_TO_VALIDATE_MESSAGE,
  type ApplicantVehicle,
  type CreditApplicationState,
} from '@shared/credit-applications/api';
import { creditApplicationThankYouUrl } from '@shared/credit-applications/rules';

export interface LinkNotice {
  title: string;
  description?: string;
}

export type LinkOutcome =
  { kind: 'form'; formUrl: string; vehicle: ApplicantVehicle } | { kind: 'redirect'; to: string; notice?: LinkNotice };

const home = (notice: LinkNotice): LinkOutcome => ({ kind: 'redirect', to: '/', notice });
/** The catalogue's load failures are messages under the generic destructive title. */
const failure = (description: string): LinkOutcome => home({ title: ERROR_TITLE, description });

export const ERROR_TITLE = 'Error';

/** The answer of GET /credit-applications/{token}. */
export function linkOutcome(token: string, state: CreditApplicationState): LinkOutcome {
  switch (state.status) {
    case 'completed':
      return { kind: 'redirect', to: creditApplicationThankYouUrl(token) };
    case 'expired':
      return home({ title: LINK_EXPIRED_TITLE, description: LINK_EXPIRED_MESSAGE });
    case 'invalid':
      return home({ title: INVALID_LINK_TITLE, description: INVALID_LINK_MESSAGE });
    case 'valid':
      if (!state.vehicle) return failure(DEAL_INFORMATION_MISSING_MESSAGE);
      if (!state.formUrl) return failure(UNABLE_TO_LOAD_CONTACT_SUPPORT_MESSAGE);
      return { kind: 'form', formUrl: state.formUrl, vehicle: state.vehicle };
    default:
      // An answer this page does not understand (a newer API): nothing safe to show.
      return failure(UNABLE_TO_LOAD_DETAILS_MESSAGE);
  }
}

/**
 * The request failed. A server that answered (an error status) could not validate the link; no answer at all (the
 * network, the browser) is a load failure the applicant may retry.
 */
export function linkFailureOutcome(error: unknown): LinkOutcome {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status > 0) return failure(UNABLE_TO_VALIDATE_MESSAGE);
  return failure(UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE);
}
