/**
 * One deal (docs/api.md, "Deals"; docs/decisions.md, "Deals"): create, the detail screen, the edit form's save and the
 * admin's delete. Who sees a deal: admins and brokers every deal, dealers their own dealership's (any other is a
 * 404, like an unknown id); consumers have no route here. What a save may change per role: deal-fields.ts.
 */
import {
  BROKER_NOT_ASSIGNABLE_MESSAGE,
  CLIENT_NOT_FOUND_MESSAGE,
  DEAL_CHANGED_MESSAGE,
  DEAL_NOT_FOUND_MESSAGE,
  DEALERSHIP_NOT_FOUND_MESSAGE,
  SOURCE_LEAD_NOT_FOUND_MESSAGE,
  SOURCE_VEHICLE_NOT_FOUND_MESSAGE,
  type DealDetail,
  type DealView,
} from '@shared/deals/api';
import { isListing } from '@shared/marketplace/inventory';
import { mayRegenerateCreditApplicationLink } from '@shared/credit-applications/rules';
import { inBook } from '@shared/auth/ownership';
import { brokerIdForNewDeal, showsCreditApplication, statusDeniedMessage } from '@shared/deals/rules';
import { canWorkLead } from '@shared/leads/rules';
import type { DealCreate, DealUpdate } from '@shared/deals/schemas';
import { isLicensedAt } from '@shared/brokers/licence';
import {
  markupProblem,
  PROGRAM_DESK_MESSAGES,
  programReferenceView,
  type ProgramReference,
  type StoredProgramReference,
} from '@shared/programs/desk';
import { openTasksOf } from '@functions/domain/tasks/task-items';
import { dealAgreementState } from '@functions/domain/agreements/deal-state';
import type { Identity } from '@functions/lib/auth-context';
import type { Deal, DealFields } from '@functions/domain/deals/deals';
import { ExtraConditionFailedError, StoreConflictError } from '@functions/lib/data/errors';
import { ulid } from 'ulid';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { activityEntry, changedFields, toActivityView, type ReferenceNames } from '@functions/domain/deals/activity';
import { conciergeFeeFields, listingFields, offerFields, tradeInFields } from '@functions/domain/deals/deal-views';
import { toCreditApplicationLink } from '@functions/domain/deals/credit-application-links';
import { callerOf, canEditDeal, visibleDeal, type Caller } from '@functions/domain/deals/visibility';
import type { DealsData } from './data';
import { dealAfterSave, statusOptionsFor } from './deal-fields';

/** How many activity entries the detail shows (newest first); older ones stay in the table. */
export const ACTIVITY_SHOWN = 100;

/** The deal as answered: every field, absent ones as null (the lists shared with the other views: deal-views.ts). */
export function toDealView(deal: Deal): DealView {
  return {
    ...offerFields(deal),
    ...listingFields(deal),
    ...tradeInFields(deal),
    ...conciergeFeeFields(deal),
    clientId: deal.clientId ?? null,
    sourceVehicleId: deal.sourceVehicleId ?? null,
    sourceLeadId: deal.sourceLeadId ?? null,
    dealType: deal.dealType,
    status: deal.status,
    availableStock: deal.availableStock ?? null,
    moneyFactor: deal.moneyFactor ?? null,
    heardAboutUs: deal.heardAboutUs ?? null,
    heardAboutUsReferral: deal.heardAboutUsReferral ?? null,
    heardAboutUsAffinity: deal.heardAboutUsAffinity ?? null,
    creditScoreRange: deal.creditScoreRange ?? null,
    tradeInHasLienholder: deal.tradeInHasLienholder ?? false,
    tradeInLienholder: deal.tradeInLienholder ?? null,
    tradeInPayoffBalance: deal.tradeInPayoffBalance ?? null,
    brokerFeeDealer: deal.brokerFeeDealer ?? null,
    brokerFeeClient: deal.brokerFeeClient ?? null,
    desking: (deal.desking as DealView['desking'] | undefined) ?? null,
    program: deal.program ? programReferenceView(deal.program as StoredProgramReference) : null,
    brokerFeeTotal: deal.brokerFeeTotal ?? 0,
    brokerCommissionAmount: deal.brokerCommissionAmount ?? null,
    notSoldReason: deal.notSoldReason ?? null,
    followUpDate: deal.followUpDate ?? null,
    notSoldNotes: deal.notSoldNotes ?? null,
    creditAppFormType: deal.creditAppFormType,
    dealClosedAt: deal.dealClosedAt ?? null,
    leaseStartDate: deal.leaseStartDate ?? null,
    maturityDate: deal.maturityDate ?? null,
    createdAt: deal.createdAt,
    revision: deal.revision,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Lookups shared by create and update: each reference must exist, and the trail records names

/** The client's name; a client outside the caller's book (own book: another broker's) is as unknown. */
async function clientNamed(id: string, caller: Caller, data: DealsData): Promise<string> {
  const client = await data.clients.get(id);
  if (!client || !(caller.role !== 'broker' || inBook(caller, client.profileId))) {
    throw new BadRequestError(CLIENT_NOT_FOUND_MESSAGE, { clientId: CLIENT_NOT_FOUND_MESSAGE });
  }
  return client.fullName;
}

async function dealershipNamed(id: string, data: DealsData): Promise<string> {
  const dealership = await data.dealerships.get(id);
  if (!dealership) throw new BadRequestError(DEALERSHIP_NOT_FOUND_MESSAGE, { dealershipId: DEALERSHIP_NOT_FOUND_MESSAGE });
  return dealership.name;
}

/** An approved broker's name, licensed on a licence not expired today (400 otherwise). */
async function assignableBrokerNamed(id: string, data: DealsData, now = new Date()): Promise<string> {
  const profile = await data.users.getBrokerProfile(id);
  if (!profile?.isApproved || !isLicensedAt(profile, now) || !profile.fullName) {
    throw new BadRequestError(BROKER_NOT_ASSIGNABLE_MESSAGE, { brokerId: BROKER_NOT_ASSIGNABLE_MESSAGE });
  }
  return profile.fullName;
}

/** The broker's name for the trail and the detail: the broker profile's, else the user's (an admin as broker). */
async function brokerName(id: string, data: DealsData): Promise<string | null> {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(id), data.users.get(id)]);
  return profile?.fullName ?? user?.fullName ?? null;
}

async function dealershipName(id: string | undefined, data: DealsData): Promise<string | null> {
  return id ? ((await data.dealerships.get(id))?.name ?? null) : null;
}

/**
 * Checks each reference the save changes and returns the names the trail records for it. Unchanged references
 * are not checked: a deal keeps its client even if that client was deleted since.
 */
async function checkReferences(
  caller: Caller,
  before: Deal | undefined,
  after: DealFields,
  data: DealsData,
): Promise<{ names: ReferenceNames; clientName: string | undefined }> {
  const names: ReferenceNames = {};
  let clientName = before?.clientName;
  const tasks: Promise<void>[] = [];
  if (after.clientId !== before?.clientId) {
    tasks.push(
      (async () => {
        clientName = after.clientId ? await clientNamed(after.clientId, caller, data) : undefined;
        names.clientId = { before: before?.clientName ?? null, after: clientName ?? null };
      })(),
    );
  }
  if (after.dealershipId !== before?.dealershipId) {
    tasks.push(
      (async () => {
        const [was, is] = await Promise.all([
          dealershipName(before?.dealershipId, data),
          after.dealershipId ? dealershipNamed(after.dealershipId, data) : Promise.resolve(null),
        ]);
        names.dealershipId = { before: was, after: is };
      })(),
    );
  }
  if (after.brokerId !== before?.brokerId) {
    tasks.push(
      (async () => {
        // The caller as broker (the create form's default) need not be a broker: an admin may create for themself.
        const is = after.brokerId === caller.userId && !before ? caller.name : await assignableBrokerNamed(after.brokerId, data);
        names.brokerId = { before: before ? await brokerName(before.brokerId, data) : null, after: is };
      })(),
    );
  }
  if (after.sourceVehicleId && after.sourceVehicleId !== before?.sourceVehicleId) {
    tasks.push(
      (async () => {
        // Only a listing is a vehicle a deal is created from (shared/marketplace/inventory.ts).
        const source = await data.deals.get(after.sourceVehicleId!);
        if (!source || !isListing(source)) {
          throw new BadRequestError(SOURCE_VEHICLE_NOT_FOUND_MESSAGE, { sourceVehicleId: SOURCE_VEHICLE_NOT_FOUND_MESSAGE });
        }
      })(),
    );
  }
  if (after.sourceLeadId && after.sourceLeadId !== before?.sourceLeadId) {
    tasks.push(
      (async () => {
        const lead = await data.leadDeals.holders(after.sourceLeadId!);
        if (!lead || !canWorkLead({ userId: caller.userId, role: caller.role }, lead)) {
          throw new BadRequestError(SOURCE_LEAD_NOT_FOUND_MESSAGE, { sourceLeadId: SOURCE_LEAD_NOT_FOUND_MESSAGE });
        }
      })(),
    );
  }
  await Promise.all(tasks);
  return { names, clientName };
}

/**
 * The program row a save names must exist, and the markup be within that row's maximum (400 otherwise); the reference
 * is kept with the lender's name, buy rate and most markup as the row has them (docs/decisions.md, "Programs"), so a
 * later import changes nothing the deal shows. Absent: nothing to check.
 */
async function checkedProgram(
  program: ProgramReference | undefined,
  data: DealsData,
): Promise<StoredProgramReference | undefined> {
  if (!program) return undefined;
  const row = await data.programRows.get(program.lenderId, program.month, program.rowIndex);
  if (!row) throw new BadRequestError(PROGRAM_DESK_MESSAGES.rowNotFound, { program: PROGRAM_DESK_MESSAGES.rowNotFound });
  const problem = markupProblem(program.markup, row.maxMarkup);
  if (problem) throw new BadRequestError(problem, { 'program.markup': problem });
  return { ...program, lenderName: row.lenderName, buyRate: row.buyRateMoneyFactor, maxMarkup: row.maxMarkup };
}

/** The saved fields with their program reference checked (a save that sends none leaves them as they are). */
async function withCheckedProgram(fields: DealFields, data: DealsData): Promise<DealFields> {
  if (!fields.program) return fields;
  return { ...fields, program: await checkedProgram(fields.program as ProgramReference, data) };
}

// ---------------------------------------------------------------------------------------------------------------
// Routes

/** POST /deals. */
export async function createDeal(identity: Identity, form: DealCreate, data: DealsData, now: Date): Promise<DealView> {
  const caller = await callerOf(identity, data, now);
  const saved = dealAfterSave({ role: caller.role, form, now });
  if (!saved.ok) throw new ForbiddenError(statusDeniedMessage(saved.statusDenied));
  const fields = await withCheckedProgram({ ...saved.fields, brokerId: brokerIdForNewDeal(form.brokerId, caller.userId) }, data);
  const { names, clientName } = await checkReferences(caller, undefined, fields, data);
  // "Add to marketplace" makes the new deal a listing (shared/marketplace/inventory.ts); otherwise it is a client deal.
  const after: DealFields = { ...fields, clientName, listing: form.addToMarketplace };
  const activity = activityEntry({
    kind: 'created',
    actor: { id: caller.userId, name: caller.name },
    changes: changedFields(undefined, after, names),
    now,
  });
  // The lead lists the deal made from it: its link is written in the deal's own transaction, so a deal from a lead
  // is never stored without it. A lead gone since it was checked fails the create with nothing written.
  const id = ulid(now.getTime());
  const link = after.sourceLeadId ? [data.leadDeals.linkOperation(after.sourceLeadId, id)] : [];
  try {
    const { deal } = await data.deals.create({ ...after, id }, now, activity, link);
    return toDealView(deal);
  } catch (error) {
    if (error instanceof ExtraConditionFailedError && link.length > 0) {
      throw new BadRequestError(SOURCE_LEAD_NOT_FOUND_MESSAGE, { sourceLeadId: SOURCE_LEAD_NOT_FOUND_MESSAGE });
    }
    throw error;
  }
}

/** GET /deals/{id}: everything the detail screen shows, in one call. */
export async function getDealDetail(
  identity: Identity,
  id: string,
  data: DealsData,
  now: Date,
  appUrl: string,
): Promise<DealDetail> {
  const caller = await callerOf(identity, data, now);
  const deal = await visibleDeal(caller, id, data);
  const showsCreditApp = showsCreditApplication(caller.role, deal.status);
  const showsTasks = identity.role === 'admin' || identity.role === 'broker';
  // Admins and brokers see where the client's brokering agreement stands (docs/decisions.md, "Agreements").
  const showsAgreement = showsTasks;
  const [client, dealership, broker, link, activity, openTasks, agreement] = await Promise.all([
    deal.clientId ? data.clients.get(deal.clientId) : Promise.resolve(null),
    deal.dealershipId ? data.dealerships.get(deal.dealershipId) : Promise.resolve(null),
    brokerName(deal.brokerId, data),
    showsCreditApp ? data.creditApplications.latestOfDeal(deal.id) : Promise.resolve(null),
    data.deals.listActivity(deal.id, ACTIVITY_SHOWN),
    showsTasks ? openTasksOf(identity, 'deal', deal.id, data) : Promise.resolve(undefined),
    showsAgreement ? dealAgreementState(deal, data) : Promise.resolve(undefined),
  ]);
  return {
    deal: toDealView(deal),
    client: client
      ? {
          id: client.id,
          fullName: client.fullName,
          email: client.email ?? null,
          phone: client.phone ?? null,
          // The deal's own credit score range (the form's "client financial information").
          creditScoreRange: deal.creditScoreRange ?? null,
        }
      : null,
    dealership: dealership
      ? {
          id: dealership.id,
          name: dealership.name,
          location: dealership.location ?? null,
          contactName: dealership.contactName ?? null,
          contactPhone: dealership.contactPhone ?? null,
          leadEmail: dealership.leadEmail ?? null,
        }
      : null,
    broker: broker ? { id: deal.brokerId, fullName: broker } : null,
    creditApplication: link ? toCreditApplicationLink(link, now, appUrl) : null,
    showsCreditApplication: showsCreditApp,
    canRegenerateCreditApplication: showsCreditApp && caller.mayWrite && mayRegenerateCreditApplicationLink(caller, deal),
    activity: activity.map(toActivityView),
    // The admins resolve payments that did not pay the fee; nobody else is shown them (docs/decisions.md, "Payments").
    paymentsToReview:
      caller.role === 'admin'
        ? (deal.paymentsToReview ?? []).map((payment) => ({
            ...payment,
            amountCents: payment.amountCents ?? null,
            currency: payment.currency ?? null,
          }))
        : [],
    canEdit: canEditDeal(caller, deal),
    canDelete: caller.role === 'admin',
    statusOptions: canEditDeal(caller, deal) ? statusOptionsFor(caller.role, deal.status) : [],
    ...(openTasks ? { openTasks } : {}),
    ...(agreement ? { agreement } : {}),
  };
}

/** PATCH /deals/{id}: the edit form, saved whole on the revision it loaded. */
export async function updateDeal(
  identity: Identity,
  id: string,
  form: DealUpdate & { revision: number },
  data: DealsData,
  now: Date,
): Promise<DealView> {
  const caller = await callerOf(identity, data, now);
  const before = await visibleDeal(caller, id, data);
  if (form.revision !== before.revision) throw new ConflictError(DEAL_CHANGED_MESSAGE);
  const saved = dealAfterSave({ role: caller.role, form, before, now });
  if (!saved.ok) throw new ForbiddenError(statusDeniedMessage(saved.statusDenied));
  const fields = await withCheckedProgram(saved.fields, data);
  const { names, clientName } = await checkReferences(caller, before, fields, data);
  const after = { ...before, ...fields, clientName } as Deal;
  const activity = activityEntry({
    kind: 'updated',
    actor: { id: caller.userId, name: caller.name },
    changes: changedFields(before, after, names),
    now,
  });
  return toDealView(await data.deals.replace(before, after, activity));
}

/** DELETE /deals/{id} (admins; the route table refuses everyone else). A concurrent edit is re-read, not lost. */
export async function deleteDeal(id: string, data: DealsData): Promise<{ deleted: true }> {
  for (let attempt = 1; ; attempt++) {
    const deal = await data.deals.get(id);
    if (!deal) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
    try {
      await data.deals.delete(deal);
      return { deleted: true };
    } catch (error) {
      if (!(error instanceof StoreConflictError) || attempt >= 3) throw error;
    }
  }
}

/** GET /assignable-brokers: approved and licensed brokers by full name (a licence past its date, before the job ran, not). */
export async function assignableBrokers(data: DealsData, now = new Date()) {
  const brokers = (await data.users.listBrokers(true, { licensedOnly: true })).filter((broker) => isLicensedAt(broker, now));
  return {
    brokers: brokers.map((broker) => ({ id: broker.userId, fullName: broker.fullName ?? broker.email ?? broker.userId })),
  };
}
