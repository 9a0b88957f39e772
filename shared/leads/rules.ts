/**
 * The lead inbox's rules, pure so that the server (authorization, the actions it answers) and the browser (the age
 * and the "Waiting > 5 min" mark) decide the same way. docs/decisions.md, "Leads", says why each rule is so.
 */
import type { Role } from '../auth/roles';
import { QUOTE_REPLY_WITHIN_MINUTES } from '../constants';
import type { LeadActions, LeadStatus } from './api';

/** The product promises shoppers a reply in under 5 minutes: a new lead older than this is marked. */
export const LEAD_WAITING_LIMIT_MS = QUOTE_REPLY_WITHIN_MINUTES * 60_000;
/** How often the inbox re-renders ages and marks. */
export const LEAD_AGE_TICK_MS = 30_000;
export const LEAD_WAITING_BADGE = `Waiting > ${QUOTE_REPLY_WITHIN_MINUTES} min`;
export const LEAD_NOTIFICATION_FAILED_LABEL = 'E-mail notice failed';

export interface LeadViewer {
  userId: string;
  role: Role;
  /** The company's own-book setting (docs/security.md, "Ownership"): brokers then have no open pool. */
  ownBook?: boolean;
}

/** Who holds a lead: the assignee, and the agent the shopper named. */
export interface LeadHolders {
  assignedBrokerId?: string | null;
  /** The agent the shopper named (quote_leads.broker_id). */
  brokerId?: string | null;
}

/**
 * Admins see every lead. A broker sees the leads assigned to them or naming them as agent, and the open pool:
 * unassigned leads that name no agent. A lead naming another agent is theirs to claim, not the pool's. In own book
 * there is no pool for brokers: an admin assigns those leads, and a broker sees only the leads they hold or that
 * name them.
 */
export function canSeeLead(viewer: LeadViewer, lead: LeadHolders): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.role !== 'broker') return false;
  if (lead.assignedBrokerId) return lead.assignedBrokerId === viewer.userId || lead.brokerId === viewer.userId;
  if (!lead.brokerId) return !viewer.ownBook;
  return lead.brokerId === viewer.userId;
}

/** A broker may claim an unassigned lead they can see; admins assign instead. */
export function canClaimLead(viewer: LeadViewer, lead: LeadHolders): boolean {
  return viewer.role === 'broker' && !lead.assignedBrokerId && canSeeLead(viewer, lead);
}

/** Status changes and convert: admins, and the broker the lead is assigned to. */
export function canWorkLead(viewer: LeadViewer, lead: LeadHolders): boolean {
  return (
    viewer.role === 'admin' || (viewer.role === 'broker' && !!lead.assignedBrokerId && lead.assignedBrokerId === viewer.userId)
  );
}

export function leadActions(viewer: LeadViewer, lead: LeadHolders): LeadActions {
  const works = canWorkLead(viewer, lead);
  return {
    canAssign: viewer.role === 'admin',
    canClaim: canClaimLead(viewer, lead),
    canChangeStatus: works,
    canConvert: works,
  };
}

/** A new lead nobody has answered for more than 5 minutes. */
export function isWaitingTooLong(lead: { status: LeadStatus; createdAt: string }, now: Date): boolean {
  return lead.status === 'new' && now.getTime() - Date.parse(lead.createdAt) > LEAD_WAITING_LIMIT_MS;
}

/** "just now", "3 min ago", "2 h ago", "4 days ago": the inbox's age column. */
export function formatLeadAge(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export interface LeadVehicleFacts {
  vehiclePreference: 'exact' | 'help';
  exactVehicleYear?: number | null;
  exactVehicleMake?: string | null;
  exactVehicleModel?: string | null;
  exactVehicleTrim?: string | null;
  bodyStyle?: string | null;
}

/** "2026 Toyota RAV4 XLE" for an exact request; "Any SUV" when the shopper asked for help. */
export function leadVehicleSummary(lead: LeadVehicleFacts): string {
  if (lead.vehiclePreference === 'exact') {
    const parts = [lead.exactVehicleYear, lead.exactVehicleMake, lead.exactVehicleModel, lead.exactVehicleTrim];
    const text = parts.filter((part) => part != null && part !== '').join(' ');
    return text || 'Exact vehicle';
  }
  return lead.bodyStyle ? `Any ${lead.bodyStyle}` : 'Needs help choosing';
}
