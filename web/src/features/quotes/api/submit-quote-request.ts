/**
 * POST /quote-requests (public): the wizard's submit. The outcome is told here, in one place: the success toast
 * (the page then moves on to the thank-you page), or the "Error" toast with the server's message.
 */
import { useMutation } from '@tanstack/react-query';
import type { QuoteRequest, QuoteRequestResponse } from '@shared/quotes/api';
import { QUOTE_REQUEST_MESSAGES } from '@shared/quotes/request';
import { toast } from '@web/components/ui/toast';
import { api, isApiError } from '@web/lib/api-client';
import { FAILURE_TOAST_TITLE, SUCCESS_TOAST } from '../wizard';

export function submitQuoteRequest(request: QuoteRequest): Promise<QuoteRequestResponse> {
  return api.post<QuoteRequestResponse>('/quote-requests', request, { auth: false });
}

/** The message of the failure toast: the server's own, or the spec's fallback. */
export function quoteFailureMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.message ? error.message : QUOTE_REQUEST_MESSAGES.submitFailed;
}

export function useSubmitQuoteRequest({ onSubmitted }: { onSubmitted: (response: QuoteRequestResponse) => void }) {
  return useMutation({
    mutationFn: submitQuoteRequest,
    onSuccess: (response) => {
      toast({ ...SUCCESS_TOAST, variant: 'success' });
      onSubmitted(response);
    },
    onError: (error) => {
      toast({ title: FAILURE_TOAST_TITLE, description: quoteFailureMessage(error), variant: 'destructive' });
    },
  });
}
