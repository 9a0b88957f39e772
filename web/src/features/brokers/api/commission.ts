/**
 * The commission ledger's screens (shared/brokers/commission-api.ts; docs/decisions.md, "Commission ledger"): a
 * broker's statement of a month, the month's totals for payroll, and the admin's two writes, an adjustment and a
 * payout. Each write refreshes every statement and payroll month, since an adjustment moves the open month and a
 * payout locks every month up to its own.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMISSION_ENTRY_KIND_LABELS } from '@shared/brokers/enums';
import type {
  AdjustmentRequest,
  CommissionEntryView,
  CommissionMonthResponse,
  PayoutRequest,
  StatementResponse,
} from '@shared/brokers/commission-api';
import { formatMoneyCents } from '@shared/format';
import { toast } from '@web/components/ui/toast';
import { api, isApiError } from '@web/lib/api-client';
import { brokerKeys } from './broker-keys';

export const ERROR_LOADING_STATEMENT = 'Error loading the statement';
export const ERROR_LOADING_PAYROLL = 'Error loading payroll';
export const ERROR_MARKING_PAID = 'Could not mark the statement paid';
export const ERROR_ADDING_ADJUSTMENT = 'Could not add the adjustment';
export const STATEMENT_CHANGED = 'Statement changed';

/** One broker's statement of `month` (their own, or any for an admin); the month before stays shown while it loads. */
export function useStatement(brokerId: string | undefined, month: string) {
  return useQuery({
    queryKey: brokerKeys.statement(brokerId ?? '', month),
    queryFn: ({ signal }) =>
      api.get<StatementResponse>(`/brokers/${encodeURIComponent(brokerId ?? '')}/commission?month=${encodeURIComponent(month)}`, {
        signal,
      }),
    enabled: brokerId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every broker's statement totals of `month`, from GET /admin/commission: the payroll screen and its CSV. */
export function usePayroll(month: string) {
  return useQuery({
    queryKey: brokerKeys.payroll(month),
    queryFn: ({ signal }) => api.get<CommissionMonthResponse>(`/admin/commission?month=${encodeURIComponent(month)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshCommission() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: brokerKeys.commission() });
}

/**
 * Marks a statement paid with the closing balance the admin saw. A statement that changed since (409) is said so and
 * reloaded, so the dialog shows the new balance to confirm; the server's other refusals ("This month is already
 * paid", "A month can be paid once it has ended") are toasts with its words.
 */
export function useMarkPaid({ onSuccess }: { onSuccess?: (statement: StatementResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCommission();
  return useMutation({
    mutationFn: (body: PayoutRequest) => api.post<StatementResponse>('/admin/commission/payouts', body),
    onSuccess: async (statement) => {
      queryClient.setQueryData(brokerKeys.statement(statement.brokerId, statement.month), statement);
      toast({
        title: 'Statement paid',
        description: `${statement.fullName}: ${formatMoneyCents((statement.payout?.paidCents ?? 0) / 100)} paid, reference ${statement.payout?.reference ?? ''}.`,
        variant: 'success',
      });
      onSuccess?.(statement);
      await refresh();
    },
    onError: async (error: Error) => {
      const changed = isApiError(error) && error.status === 409;
      toast({ title: changed ? STATEMENT_CHANGED : ERROR_MARKING_PAID, description: error.message, variant: 'destructive' });
      await refresh();
    },
  });
}

/** Adds a bonus, spiff or chargeback to the broker's open month. */
export function useAddAdjustment({ onSuccess }: { onSuccess?: (entry: CommissionEntryView) => void } = {}) {
  const refresh = useRefreshCommission();
  return useMutation({
    mutationFn: (body: AdjustmentRequest & { fullName: string }) => {
      const { fullName: _shown, ...request } = body;
      return api.post<CommissionEntryView>('/admin/commission/adjustments', request);
    },
    onSuccess: async (entry, { fullName }) => {
      toast({
        title: 'Adjustment added',
        description: `${COMMISSION_ENTRY_KIND_LABELS[entry.kind]} of ${formatMoneyCents(entry.amountCents / 100)} for ${fullName}.`,
        variant: 'success',
      });
      onSuccess?.(entry);
      await refresh();
    },
    onError: (error: Error) => toast({ title: ERROR_ADDING_ADJUSTMENT, description: error.message, variant: 'destructive' }),
  });
}
