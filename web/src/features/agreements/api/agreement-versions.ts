/** The company's brokering agreement for admins (docs/decisions.md, "Agreements"): its versions, and saving a new one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementVersion, AgreementVersionsResponse, CreateAgreementVersionRequest } from '@shared/agreements/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const versionsKey = ['agreement', 'versions'] as const;

export function useAgreementVersions() {
  return useQuery({
    queryKey: versionsKey,
    queryFn: ({ signal }) => api.get<AgreementVersionsResponse>('/admin/agreement', { signal }),
  });
}

export function useSaveAgreementVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgreementVersionRequest) => api.post<AgreementVersion>('/admin/agreement/versions', body),
    onSuccess: (saved) =>
      toast({ title: 'Agreement saved', description: `Version ${saved.version} is now current.`, variant: 'success' }),
    onError: (error: Error) => toast({ title: 'Agreement not saved', description: error.message, variant: 'destructive' }),
    // Saved or refused because another admin saved first: read the versions again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: versionsKey }),
  });
}
