/**
 * The query keys of the brokers feature, in one place so each mutation refreshes exactly what it changes: an
 * approval moves the lists, the month figures (who is counted) and the broker's dialog; a profile write only the
 * profile.
 */
export const brokerKeys = {
  all: ['brokers'] as const,
  list: () => [...brokerKeys.all, 'list'] as const,
  stats: (month: string) => [...brokerKeys.all, 'stats', month] as const,
  detail: (id: string) => [...brokerKeys.all, 'detail', id] as const,
  profile: () => ['profile'] as const,
  /** The commission ledger's screens: a payout or an adjustment refreshes every statement and payroll month. */
  commission: () => [...brokerKeys.all, 'commission'] as const,
  statement: (brokerId: string, month: string) => [...brokerKeys.commission(), 'statement', brokerId, month] as const,
  payroll: (month: string) => [...brokerKeys.commission(), 'payroll', month] as const,
};

/** Other features' figures an approval moves: the dashboard's broker count, the deal form's broker choices. */
export const APPROVAL_DEPENDENT_KEYS = [['dashboard'], ['deals']] as const;
