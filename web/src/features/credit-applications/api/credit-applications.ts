/**
 * The public credit application pages' API calls (no session: Amplify is never loaded on these pages).
 * - GET /credit-applications/{token}: the link's state, with the form and the vehicle when valid;
 * - GET /credit-applications/forms/{type}: the embed page's form of a type.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditApplicationForm, CreditApplicationState } from '@shared/credit-applications/api';
import type { CreditAppFormType } from '@shared/deals/enums';
import { api } from '@web/lib/api-client';

export const creditApplicationKeys = {
  all: ['credit-applications'] as const,
  link: (token: string) => [...creditApplicationKeys.all, 'link', token] as const,
  form: (type: CreditAppFormType, dealId: string | undefined) => [...creditApplicationKeys.all, 'form', type, dealId] as const,
};

export function getCreditApplication(token: string, signal?: AbortSignal): Promise<CreditApplicationState> {
  return api.get<CreditApplicationState>(`/credit-applications/${encodeURIComponent(token)}`, { auth: false, signal });
}

export function useCreditApplication(token: string) {
  return useQuery(
    queryOptions({
      queryKey: creditApplicationKeys.link(token),
      queryFn: ({ signal }) => getCreditApplication(token, signal),
      // The state decides a redirect once; a refetch must not send the applicant away mid-form.
      staleTime: Infinity,
    }),
  );
}

export function getCreditApplicationForm(
  type: CreditAppFormType,
  dealId: string | undefined,
  signal?: AbortSignal,
): Promise<CreditApplicationForm> {
  const query = dealId ? `?dealId=${encodeURIComponent(dealId)}` : '';
  return api.get<CreditApplicationForm>(`/credit-applications/forms/${type}${query}`, { auth: false, signal });
}

export function useCreditApplicationForm(type: CreditAppFormType, dealId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: creditApplicationKeys.form(type, dealId),
      queryFn: ({ signal }) => getCreditApplicationForm(type, dealId, signal),
      staleTime: Infinity,
    }),
  );
}
