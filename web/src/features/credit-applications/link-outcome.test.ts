import { describe, expect, it } from 'vitest';
import {
  DEAL_INFORMATION_MISSING_MESSAGE,
  INVALID_LINK_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  UNABLE_TO_LOAD_CONTACT_SUPPORT_MESSAGE,
  UNABLE_TO_LOAD_DETAILS_MESSAGE,
  UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE,
  UNABLE_TO_VALIDATE_MESSAGE,
  type CreditApplicationState,
} from '@shared/credit-applications/api';
import { ApiError } from '@web/lib/api-client';
import { linkFailureOutcome, linkOutcome } from './link-outcome';

const vehicle = { year: 2026, make: 'BMW', model: 'X5' };
const none = { formType: null, formUrl: null, vehicle: null };

describe("the applicant's link page", () => {
  it('shows the form of a valid link', () => {
    const state: CreditApplicationState = { status: 'valid', formType: 'bmwfs', formUrl: 'https://sign/f', vehicle };

    expect(linkOutcome('tok', state)).toEqual({ kind: 'form', formUrl: 'https://sign/f', vehicle });
  });

  it('sends a completed application to its thank-you page without a toast', () => {
    expect(linkOutcome('a b', { status: 'completed', ...none })).toEqual({
      kind: 'redirect',
      to: '/credit-application/a%20b/thank-you',
    });
  });

  it('sends expired and invalid links home with their toasts', () => {
    expect(linkOutcome('t', { status: 'expired', ...none })).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Link Expired', description: LINK_EXPIRED_MESSAGE },
    });
    expect(linkOutcome('t', { status: 'invalid', ...none })).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Invalid Link', description: INVALID_LINK_MESSAGE },
    });
  });

  it('sends a valid link without its deal or form home with the load failures', () => {
    expect(linkOutcome('t', { status: 'valid', formType: 'generic', formUrl: 'https://f', vehicle: null })).toMatchObject({
      to: '/',
      notice: { description: DEAL_INFORMATION_MISSING_MESSAGE },
    });
    expect(linkOutcome('t', { status: 'valid', formType: 'generic', formUrl: null, vehicle })).toMatchObject({
      to: '/',
      notice: { description: UNABLE_TO_LOAD_CONTACT_SUPPORT_MESSAGE },
    });
    expect(linkOutcome('t', { status: 'unheard-of', ...none } as never)).toMatchObject({
      to: '/',
      notice: { description: UNABLE_TO_LOAD_DETAILS_MESSAGE },
    });
  });

  it('cannot validate the link when the server answers an error, and asks to retry when it cannot be reached', () => {
    expect(linkFailureOutcome(new ApiError(500, 'internal', 'Internal error'))).toMatchObject({
      to: '/',
      notice: { title: 'Error', description: UNABLE_TO_VALIDATE_MESSAGE },
    });
    expect(linkFailureOutcome(new ApiError(0, 'network_error', 'offline'))).toMatchObject({
      to: '/',
      notice: { description: UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE },
    });
  });
});
