/**
 * The company settings (shared/brokers/settings.ts): GET /admin/settings for the screen and PUT /admin/settings to
 * switch the client book. Switching changes what every broker's lists hold, so the cached lists are refreshed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_SAVING_SETTINGS,
  SETTINGS_SAVED_MESSAGE,
  type CompanySettingsView,
  type UpdateCompanySettingsRequest,
} from '@shared/brokers/settings';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const settingsKey = ['settings'] as const;
/** The lists whose content the book decides. */
const BOOK_DEPENDENT_KEYS = [['clients'], ['deals'], ['leads'], ['dashboard']] as const;

export function useCompanySettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<CompanySettingsView>('/admin/settings', { signal }),
  });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateCompanySettingsRequest) => api.put<CompanySettingsView>('/admin/settings', changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      toast({
        title: SETTINGS_SAVED_MESSAGE,
        description: saved.ownBook ? 'Each broker now sees only their own clients, deals and leads.' : 'Brokers share one book.',
        variant: 'success',
      });
      await Promise.all(BOOK_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error: Error) => toast({ title: ERROR_SAVING_SETTINGS, description: error.message, variant: 'destructive' }),
  });
}
