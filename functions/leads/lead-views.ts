/**
 * What a caller reads of a lead (docs/decisions.md, "Leads"): the list's summary and the detail, each an explicit
 * field list, with the actions the viewer may take and the status history from the lead's arrival.
 */
import type { LeadDetail, LeadStatus, LeadSummary } from '@shared/leads/api';
import { leadActions, leadVehicleSummary, type LeadViewer } from '@shared/leads/rules';
import { leadRevision, type Lead } from '@functions/domain/leads/leads';

/** A lead in the list: its contact, status, vehicle and agent. */
export function summaryOf(lead: Lead, agentName: string | undefined): LeadSummary {
  return {
    id: lead.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    preferredContactMethod: lead.preferredContactMethod ?? null,
    vehicleSummary: leadVehicleSummary(lead),
    status: lead.status,
    createdAt: lead.createdAt,
    assignee: lead.assignedBrokerId ? { id: lead.assignedBrokerId, fullName: lead.assignedBrokerName ?? '' } : null,
    agent: lead.brokerId ? { id: lead.brokerId, fullName: agentName ?? 'Unknown agent' } : null,
    notificationFailed: lead.notification?.status === 'failed',
    source: lead.source === 'adf' ? 'adf' : 'quote',
  };
}

/** The lead as GET /leads/{id} and every write answer it. */
export function toLeadDetail(lead: Lead, viewer: LeadViewer, agentName: string | undefined): LeadDetail {
  const n = <T>(value: T | undefined) => value ?? null;
  return {
    ...summaryOf(lead, agentName),
    zipCode: lead.zipCode,
    vehiclePreference: lead.vehiclePreference,
    exactVehicleYear: n(lead.exactVehicleYear),
    exactVehicleMake: n(lead.exactVehicleMake),
    exactVehicleModel: n(lead.exactVehicleModel),
    exactVehicleTrim: n(lead.exactVehicleTrim),
    bodyStyle: n(lead.bodyStyle) as LeadDetail['bodyStyle'],
    mustHaveFeatures: lead.mustHaveFeatures ?? [],
    mustHaveOptions: n(lead.mustHaveOptions),
    creditScoreRange: n(lead.creditScoreRange) as LeadDetail['creditScoreRange'],
    purchaseTimeframe: n(lead.purchaseTimeframe) as LeadDetail['purchaseTimeframe'],
    monthlyPaymentBudget: n(lead.monthlyPaymentBudget),
    leaseOrPurchase: n(lead.leaseOrPurchase) as LeadDetail['leaseOrPurchase'],
    workingWithBroker: lead.workingWithBroker ?? false,
    hasTradeIn: lead.hasTradeIn ?? false,
    tradeInYear: n(lead.tradeInYear),
    tradeInMake: n(lead.tradeInMake),
    tradeInModel: n(lead.tradeInModel),
    tradeInMileage: n(lead.tradeInMileage),
    tradeInCondition: n(lead.tradeInCondition),
    tradeInHasLienholder: lead.tradeInHasLienholder ?? false,
    tradeInLienholderName: n(lead.tradeInLienholderName),
    tradeInPayoffBalance: n(lead.tradeInPayoffBalance),
    hasCosigner: lead.hasCosigner ?? false,
    hasPriorAutoLoan: lead.hasPriorAutoLoan ?? false,
    isMilitary: lead.isMilitary ?? false,
    isAaaMember: lead.isAaaMember ?? false,
    isCostcoMember: lead.isCostcoMember ?? false,
    isCollegeStudent: lead.isCollegeStudent ?? false,
    isFirstResponder: lead.isFirstResponder ?? false,
    currentlyLeasing: lead.currentlyLeasing ?? false,
    currentLeaseBrand: n(lead.currentLeaseBrand),
    additionalNotes: n(lead.additionalNotes),
    reservedVehicle: lead.reservedVehicleId ? { id: lead.reservedVehicleId, name: lead.reservedVehicleName ?? '' } : null,
    notification: lead.notification
      ? { status: lead.notification.status, error: n(lead.notification.error), at: lead.notification.at }
      : null,
    acknowledgement: lead.acknowledgement
      ? {
          channel: lead.acknowledgement.channel,
          status: lead.acknowledgement.status,
          error: n(lead.acknowledgement.error),
          at: lead.acknowledgement.at,
        }
      : null,
    statusHistory: statusHistoryOf(lead),
    assignmentHistory: (lead.assignmentHistory ?? []).map((change) => ({
      broker: change.brokerId ? { id: change.brokerId, fullName: change.brokerName ?? '' } : null,
      by: { id: change.byId, fullName: change.byName },
      at: change.at,
      claimed: change.claimed,
      automatic: change.automatic ?? false,
    })),
    convertedClientId: n(lead.convertedClientId),
    dealIds: lead.dealIds ?? [],
    actions: leadActions(viewer, lead),
    adf:
      lead.source === 'adf'
        ? {
            provider: n(lead.adfProvider),
            prospectId: n(lead.adfProspectId),
            vin: n(lead.exactVehicleVin),
            stock: n(lead.exactVehicleStock),
            dealership: lead.dealershipId ? { id: lead.dealershipId, name: lead.dealershipName ?? '' } : null,
            inquiries: (lead.inquiries ?? []).map((inquiry) => ({
              at: inquiry.at,
              provider: n(inquiry.provider),
              vehicle: n(inquiry.vehicle),
              comments: n(inquiry.comments),
            })),
          }
        : null,
    revision: leadRevision(lead),
  };
}

/** The recorded changes, after the arrival as new (the shopper "by" the quote request). */
function statusHistoryOf(lead: Lead): LeadDetail['statusHistory'] {
  const arrival = {
    status: 'new' as const,
    by: {
      id: 'shopper',
      fullName: `${lead.firstName} ${lead.lastName} (${lead.source === 'adf' ? 'ADF lead' : 'quote request'})`,
    },
    at: lead.createdAt,
  };
  return [
    arrival,
    ...(lead.statusHistory ?? []).map((change) => ({
      status: change.status as LeadStatus,
      by: { id: change.byId, fullName: change.byName },
      at: change.at,
    })),
  ];
}
