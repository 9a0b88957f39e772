/**
 * POST /quote-requests (public): the wizard's submit. The outcome is told here, in one place: the success toast
 * (the page then moves on to the thank-you page), or the "Error" toast with the server's message. Without a query
 * library (the public page's budget): `isPending` is state for the button, and a ref refuses a second send from
 * the very first click, before React has re-rendered.
 */
import { useCallback, useRef, useState } from 'react';
import type { QuoteRequest, QuoteRequestResponse } from '@shared/quotes/api';
import { QUOTE_REQUEST_MESSAGES } from '@shared/quotes/request';
import { toast } from '@web/components/ui/toast';
import { api, isApiError } from '@web/lib/api-client';
import { FAILURE_TOAST_TITLE, SUCCESS_TOAST } from '../wizard';

export function submitQuoteRequest(request: QuoteRequest): Promise<QuoteRequestResponse> {
  return api.post<QuoteRequestResponse>('/quote-requests', request, { auth: false });
}

/** The message of the failure toast: the server's own, or the required fallback. */
export function quoteFailureMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.message ? error.message : QUOTE_REQUEST_MESSAGES.submitFailed;
}

/** What a send came to: the server's field messages on a refusal, if it named fields. */
export type SubmitOutcome = { ok: true } | { ok: false; fields?: Record<string, string> };

export function useSubmitQuoteRequest({ onSubmitted }: { onSubmitted: (response: QuoteRequestResponse) => void }) {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);

  const submit = useCallback(
    async (request: QuoteRequest): Promise<SubmitOutcome> => {
      if (sending.current) return { ok: false };
      sending.current = true;
      setPending(true);
      try {
        const response = await submitQuoteRequest(request);
        toast({ ...SUCCESS_TOAST, variant: 'success' });
        onSubmitted(response);
        return { ok: true };
      } catch (error) {
        toast({ title: FAILURE_TOAST_TITLE, description: quoteFailureMessage(error), variant: 'destructive' });
        return { ok: false, fields: isApiError(error) ? error.fields : undefined };
      } finally {
        sending.current = false;
        setPending(false);
      }
    },
    [onSubmitted],
  );

  return { submit, isPending, isSending: () => sending.current };
}
