/**
 * /leads/{id}: one lead with every field of the quote request, its status (select, with the history of who changed
 * it and when), its assignment (admins pick a broker; a broker claims an open lead), "Convert" (the client is made
 * or found by e-mail, then /deals/new opens with everything the shopper typed: @shared/leads/conversion), the deals
 * made from it, and the e-mail notice's fate.
 */
import { useEffect, useId, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LEAD_SOURCE_LABELS, LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadDetail, type LeadStatus } from '@shared/leads/api';
import { dealPrefillSearch } from '@shared/leads/conversion';
import { LEAD_AGE_TICK_MS, LEAD_NOTIFICATION_FAILED_LABEL, formatLeadAge } from '@shared/leads/rules';
import {
  LEASE_OR_PURCHASE_LABELS,
  PREFERRED_CONTACT_METHOD_LABELS,
  PURCHASE_TIMEFRAME_LABELS,
  QUOTE_CREDIT_SCORE_RANGE_LABELS,
  QUOTE_TRADE_IN_CONDITION_LABELS,
  type QuoteTradeInCondition,
} from '@shared/quotes/enums';
import { formatDateTime, formatMoneyWhole, formatPhone } from '@shared/format';
import { RecordTasks } from '@web/components/tasks/record-tasks';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { AsyncCombobox } from '@web/components/ui/async-combobox';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { searchBrokers, useAssignLead, useClaimLead, useConvertLead, useLead, useUpdateLeadStatus } from '../api/leads';
import { useNow } from '../use-now';
import { LeadMarks, LeadStatusBadge } from './lead-badges';
import styles from './leads.module.css';

export function LeadDetailPage() {
  const { id = '' } = useParams();
  const lead = useLead(id);
  useDocumentTitle(lead.data ? `Lead ${lead.data.firstName} ${lead.data.lastName}` : 'Lead');

  useEffect(() => {
    if (lead.error) toast({ title: 'Error loading lead', description: lead.error.message, variant: 'destructive' });
  }, [lead.error]);

  return (
    <AppShell>
      <PageHeader
        title={lead.data ? `${lead.data.firstName} ${lead.data.lastName}` : 'Lead'}
        description={lead.data?.vehicleSummary}
        actions={
          <Link to="/leads" className={buttonClassName({ variant: 'secondary' })}>
            Back to Leads
          </Link>
        }
      />
      {lead.isPending ? (
        <LoadingBlock label="Loading lead" />
      ) : lead.data ? (
        <>
          <LeadView lead={lead.data} />
          <RecordTasks kind="lead" id={lead.data.id} />
        </>
      ) : (
        <p className={styles.empty} role="alert">
          Lead not found
        </p>
      )}
    </AppShell>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === null || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LeadView({ lead }: { lead: LeadDetail }) {
  const now = useNow(LEAD_AGE_TICK_MS);
  const discounts = [
    lead.isMilitary && 'Military or veteran',
    lead.isAaaMember && 'AAA member',
    lead.isCostcoMember && 'Costco member',
    lead.isCollegeStudent && 'College student or recent grad',
    lead.isFirstResponder && 'First responder',
  ].filter(Boolean);
  return (
    <div className={styles.detail}>
      <div className={styles.actions}>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Contact</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ['E-mail', <a href={`mailto:${lead.email}`}>{lead.email}</a>],
                ['Phone', <a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a>],
                [
                  'Preferred contact',
                  lead.preferredContactMethod ? PREFERRED_CONTACT_METHOD_LABELS[lead.preferredContactMethod] : null,
                ],
                ['Zip code', lead.zipCode],
                ['Received', `${formatDateTime(lead.createdAt)} (${formatLeadAge(lead.createdAt, now)})`],
                ['Source', LEAD_SOURCE_LABELS[lead.source]],
                ...(lead.adf
                  ? ([
                      ['Sent by', lead.adf.provider],
                      ['Lead address of', lead.adf.dealership?.name ?? 'The company'],
                      ['Comments', lead.additionalNotes],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Vehicle</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                // Reserved from the trending embed: the marketplace listing, one click away for staff.
                ...(lead.reservedVehicle
                  ? ([
                      [
                        'Reserved vehicle',
                        <Link to={`/marketplace/${encodeURIComponent(lead.reservedVehicle.id)}`}>
                          {lead.reservedVehicle.name}
                        </Link>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
                ...((lead.vehiclePreference === 'exact'
                  ? [
                      ['Year', lead.exactVehicleYear],
                      ['Make', lead.exactVehicleMake],
                      ['Model', lead.exactVehicleModel],
                      ['Trim', lead.exactVehicleTrim],
                      ...(lead.adf
                        ? ([
                            ['VIN', lead.adf.vin],
                            ['Stock number', lead.adf.stock],
                          ] as [string, ReactNode][])
                        : []),
                      ['Must-have options', lead.mustHaveOptions],
                    ]
                  : [
                      ['Body style', lead.bodyStyle],
                      ['Must-have features', lead.mustHaveFeatures.join(', ')],
                    ]) as [string, ReactNode][]),
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Purchase</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ['Timeframe', lead.purchaseTimeframe ? PURCHASE_TIMEFRAME_LABELS[lead.purchaseTimeframe] : null],
                ['Credit score', lead.creditScoreRange ? QUOTE_CREDIT_SCORE_RANGE_LABELS[lead.creditScoreRange] : null],
                ['Monthly budget', lead.monthlyPaymentBudget != null ? formatMoneyWhole(lead.monthlyPaymentBudget) : null],
                ['Lease or purchase', lead.leaseOrPurchase ? LEASE_OR_PURCHASE_LABELS[lead.leaseOrPurchase] : null],
                ['Working with an agent', lead.agent ? `Yes: ${lead.agent.fullName}` : yesNo(lead.workingWithBroker)],
                ['Co-signer', yesNo(lead.hasCosigner)],
                ['Prior auto loan or lease', yesNo(lead.hasPriorAutoLoan)],
                ['Currently leasing', lead.currentlyLeasing ? `Yes: ${lead.currentLeaseBrand ?? ''}` : 'No'],
                ['Discounts', discounts.join(', ')],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Trade-in</CardTitle>
          </CardHeader>
          <CardContent>
            {lead.hasTradeIn ? (
              <Facts
                rows={[
                  ['Vehicle', [lead.tradeInYear, lead.tradeInMake, lead.tradeInModel].filter(Boolean).join(' ')],
                  ['Mileage', lead.tradeInMileage != null ? `${lead.tradeInMileage.toLocaleString('en-US')} miles` : null],
                  [
                    'Condition',
                    lead.tradeInCondition != null
                      ? `${lead.tradeInCondition} ${QUOTE_TRADE_IN_CONDITION_LABELS[lead.tradeInCondition as QuoteTradeInCondition] ?? ''}`
                      : null,
                  ],
                  ['Owes money', lead.tradeInHasLienholder ? `Yes: ${lead.tradeInLienholderName ?? ''}` : 'No'],
                  ['Amount owed', lead.tradeInPayoffBalance != null ? formatMoneyWhole(lead.tradeInPayoffBalance) : null],
                  ['Additional notes', lead.additionalNotes],
                ]}
              />
            ) : (
              <p>No trade-in</p>
            )}
          </CardContent>
        </Card>
      </div>
      <div className={styles.actions}>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Status</CardTitle>
          </CardHeader>
          <CardContent className={styles.actions}>
            <div className={styles.marks}>
              <LeadStatusBadge status={lead.status} />
              <LeadMarks lead={lead} now={now} />
            </div>
            {lead.notification?.status === 'failed' && (
              <p role="note">
                {LEAD_NOTIFICATION_FAILED_LABEL}
                {lead.notification.error ? `: ${lead.notification.error}` : ''}. Reply to the shopper from here.
              </p>
            )}
            {lead.acknowledgement && <AcknowledgementNote acknowledgement={lead.acknowledgement} />}
            <StatusControl lead={lead} />
            <h3>History</h3>
            <ol className={styles.history}>
              {lead.statusHistory.map((change) => (
                <li key={`${change.at}-${change.status}`}>
                  {LEAD_STATUS_LABELS[change.status]} by {change.by.fullName},{' '}
                  <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                </li>
              ))}
            </ol>
            {lead.adf && lead.adf.inquiries.length > 0 && (
              <>
                <h3>Came back</h3>
                <ol className={styles.history} aria-label="The shopper's later inquiries">
                  {lead.adf.inquiries.map((inquiry, index) => (
                    <li key={`${inquiry.at}-${index}`}>
                      New inquiry{inquiry.provider ? ` from ${inquiry.provider}` : ''}
                      {inquiry.vehicle ? ` about ${inquiry.vehicle}` : ''},{' '}
                      <time dateTime={inquiry.at}>{formatDateTime(inquiry.at)}</time>
                      {inquiry.comments ? `: ${inquiry.comments}` : ''}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Assignment</CardTitle>
          </CardHeader>
          <CardContent className={styles.actions}>
            <p>{lead.assignee ? `Assigned to ${lead.assignee.fullName}` : 'Unassigned'}</p>
            {lead.actions.canAssign && <AssignControl lead={lead} />}
            {lead.actions.canClaim && <ClaimButton lead={lead} />}
            {lead.assignmentHistory.length > 0 && (
              <ol className={styles.history}>
                {lead.assignmentHistory.map((change) => (
                  <li key={change.at}>
                    {change.broker
                      ? `${change.claimed ? 'Claimed by' : 'Assigned to'} ${change.broker.fullName}`
                      : 'Returned to the pool'}
                    {change.claimed ? '' : change.automatic ? ' automatically (the shopper’s pick)' : ` by ${change.by.fullName}`}
                    , <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        {lead.dealIds.length > 0 && <LeadDealsCard lead={lead} />}
        {lead.actions.canConvert && <ConvertCard lead={lead} />}
      </div>
    </div>
  );
}

/** Whether the shopper got the "we got your request" message, so the broker knows what they were told. */
function AcknowledgementNote({ acknowledgement }: { acknowledgement: NonNullable<LeadDetail['acknowledgement']> }) {
  const by = acknowledgement.channel === 'sms' ? 'text' : 'e-mail';
  const text =
    acknowledgement.status === 'sent'
      ? `The shopper was acknowledged by ${by}.`
      : acknowledgement.status === 'retrying'
        ? `The shopper's acknowledgement by ${by} is being retried.`
        : `The shopper's acknowledgement by ${by} failed${acknowledgement.error ? `: ${acknowledgement.error}` : ''}. Reply to the shopper from here.`;
  return <p role="note">{text}</p>;
}

function StatusControl({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const update = useUpdateLeadStatus(lead.id);
  if (!lead.actions.canChangeStatus) return null;
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Change status
      </label>
      <Select
        id={id}
        disabled={update.isPending}
        options={LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
        value={lead.status}
        onValueChange={(value) => value !== lead.status && update.mutate(value as LeadStatus)}
      />
    </div>
  );
}

function AssignControl({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const assign = useAssignLead(lead.id);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Assign to broker
      </label>
      <AsyncCombobox
        id={id}
        queryKey={['brokers', 'assignable', 'search']}
        searchLabel="Search brokers"
        placeholder="Choose a broker"
        emptyText="No approved brokers found"
        disabled={assign.isPending}
        knownChoices={lead.assignee ? [{ value: lead.assignee.id, label: lead.assignee.fullName }] : []}
        value={lead.assignee?.id}
        search={searchBrokers}
        onValueChange={(brokerId) => brokerId !== lead.assignee?.id && assign.mutate({ brokerId, revision: lead.revision })}
      />
      {lead.assignee && (
        <Button
          variant="link"
          size="sm"
          isLoading={assign.isPending}
          onClick={() => assign.mutate({ brokerId: null, revision: lead.revision })}
        >
          Return to the pool
        </Button>
      )}
    </div>
  );
}

function ClaimButton({ lead }: { lead: LeadDetail }) {
  const claim = useClaimLead(lead.id);
  return (
    <Button isLoading={claim.isPending} onClick={() => claim.mutate()}>
      {claim.isPending ? 'Claiming…' : 'Claim'}
    </Button>
  );
}

/** The deals created from this lead (each says on its page that it came from the lead). */
function LeadDealsCard({ lead }: { lead: LeadDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Deals from this lead</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className={styles.history}>
          {lead.dealIds.map((dealId, index) => (
            <li key={dealId}>
              <Link
                to={`/deals/${encodeURIComponent(dealId)}`}
              >{`Deal ${index + 1} for ${lead.firstName} ${lead.lastName}`}</Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ConvertCard({ lead }: { lead: LeadDetail }) {
  const navigate = useNavigate();
  const convert = useConvertLead(lead.id);
  const start = async () => {
    const result = await convert.mutateAsync();
    await navigate(`/deals/new${dealPrefillSearch(result.dealPrefill)}`, {
      state: { client: { id: result.clientId, fullName: `${lead.firstName} ${lead.lastName}` }, dealPrefill: result.dealPrefill },
    });
  };
  // Once converted, the lead's client exists: the same call finds it and opens another new deal (a deal left
  // unsaved the first time is not lost).
  const converted = lead.status === 'converted';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{converted ? 'Converted' : 'Convert'}</CardTitle>
      </CardHeader>
      <CardContent className={styles.actions}>
        <p className={styles.muted}>
          {converted
            ? `${lead.firstName} is a client. Open a new deal for them with everything they told us.`
            : `Makes ${lead.firstName} a client (or finds the client with this e-mail) and opens a new deal with everything they told us: vehicle, trade-in, credit, incentives and notes, for you to review.`}
        </p>
        <Button isLoading={convert.isPending} onClick={() => void start().catch(() => undefined)}>
          {convert.isPending ? 'Opening…' : converted ? 'New deal' : 'Convert'}
        </Button>
      </CardContent>
    </Card>
  );
}
