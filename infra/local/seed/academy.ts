/**
 * The academy's demo content: a short broker training course in five numbered modules (tabs are ordered by
 * category name), each with articles, a test, and in two modules a video, plus one unpublished draft. The demo
 * broker has completed the first module and one article of the second, so progress shows from the first sign-in.
 *
 * The videos are placeholders: the URLs have the shape of YouTube's privacy-enhanced player, but their ids are made
 * up and play nothing (their descriptions say so). An admin replaces them with the company's own recordings.
 *
 * Ids are readable and fixed (`academy-1-1`), so a second run finds every item and creates nothing twice.
 */
import type { Data } from '@infra/data/create-data';
import { academyTestScore } from '@shared/academy/rules';
import type { AcademyTest } from '@shared/academy/schemas';

type SeedItem = {
  slug: string;
  title: string;
  description: string;
  durationMinutes: number;
} & (
  | { contentType: 'article'; content: string }
  | { contentType: 'video'; videoUrl: string }
  | { contentType: 'test'; test: AcademyTest }
);

interface SeedModule {
  category: string;
  items: SeedItem[];
}

const PLACEHOLDER_VIDEO = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
const PLACEHOLDER_NOTE = 'Placeholder video: replace the URL with the recording from the training library.';

export const ACADEMY_COURSE: SeedModule[] = [
  {
    category: '1. Leasing Basics',
    items: [
      {
        slug: 'what-a-lease-is',
        title: 'What a lease is, and who it suits',
        description: 'The parts of a lease and how to explain them to a client in two minutes.',
        durationMinutes: 8,
        contentType: 'article',
        content: `A lease is a contract to use a vehicle for a fixed **term** and a fixed **mileage allowance**, paying for the part of its value the client uses up, plus a finance charge and taxes. At the end the client returns the car, or buys it for the residual value written in the contract.

## The numbers on every lease
- **Capitalized cost**: the negotiated price of the vehicle, plus fees rolled in, minus any cap cost reduction (down payment, trade-in equity, rebates).
- **Residual value**: what the lender expects the car to be worth at the end of the term, set by the lender as a percentage of MSRP.
- **Money factor**: the lease's finance rate. Multiply by 2400 for the approximate APR.
- **Term and mileage**: usually 24 to 39 months and 7,500 to 15,000 miles a year.

## Who a lease suits
Clients who like a new car every few years, drive a predictable number of miles and want a lower monthly payment than a loan on the same car. It suits them less if they drive far more than 15,000 miles a year, customize their cars, or want to own the car outright.

## How to explain it
Say it plainly: "You pay for the part of the car you use, not the whole car. At the end you hand it back or buy it at a price we know today." Then show the three numbers that drive the payment: price, residual and money factor.`,
      },
      {
        slug: 'payment-walkthrough',
        title: 'Walking through a lease payment',
        description: 'How depreciation, the finance charge and tax add up to the monthly payment.',
        durationMinutes: 10,
        contentType: 'article',
        content: `Every monthly lease payment has two parts, plus tax.

1. **Depreciation**: (adjusted capitalized cost − residual value) ÷ term in months.
2. **Finance charge**: (adjusted capitalized cost + residual value) × money factor.

## A worked example
A car with an MSRP of $40,000, negotiated to $37,500, 36 months, residual 58% ($23,200), money factor 0.00125:
- Depreciation: ($37,500 − $23,200) ÷ 36 = $397.22
- Finance charge: ($37,500 + $23,200) × 0.00125 = $75.88
- Payment before tax: $473.10

## What moves the payment most
The negotiated price and the residual. A $1,000 lower price saves about $31 a month on a 36-month lease; a residual 3 points higher saves about $33. Chasing a lower money factor matters, but usually less than clients think.

Always quote payments **before tax and fees** unless you have the client's address: taxes on leases differ by state.`,
      },
      {
        slug: 'basics-check',
        title: 'Leasing basics check',
        description: 'Five questions on the parts of a lease. Answer all of them to complete the module.',
        durationMinutes: 5,
        contentType: 'test',
        test: {
          questions: [
            {
              prompt: 'Who sets the residual value of a lease?',
              choices: ['The broker', 'The lender', 'The client', 'The state'],
              answer: 1,
            },
            {
              prompt: 'What does the depreciation part of a payment cover?',
              choices: [
                'The interest on the full MSRP',
                'The value the car loses during the term, spread over the months',
                'The dealer fee',
              ],
              answer: 1,
            },
            {
              prompt: 'A client drives 25,000 miles a year. What should you raise first?',
              choices: [
                'A lease with a 7,500-mile allowance',
                'That a purchase or a high-mileage lease is likely cheaper',
                'Nothing: mileage does not matter',
              ],
              answer: 1,
            },
            {
              prompt: 'Which change lowers a 36-month payment the most?',
              choices: ['A $1,000 lower price', 'A money factor 0.00005 lower', 'A shorter test drive'],
              answer: 0,
            },
            {
              prompt: 'When you do not know the client’s address, you quote the payment…',
              choices: ['Including an average tax', 'Before tax and fees', 'With the highest state tax'],
              answer: 1,
            },
          ],
        },
      },
    ],
  },
  {
    category: '2. Money Factor and Residual Value',
    items: [
      {
        slug: 'money-factor',
        title: 'Money factor, APR and markups',
        description: 'Converting money factors, spotting a marked-up rate and explaining it honestly.',
        durationMinutes: 9,
        contentType: 'article',
        content: `The **money factor** is how lenders express a lease's finance rate. Multiply it by **2400** for the approximate APR: 0.00125 × 2400 = 3.00%.

## Buy rate and sell rate
Lenders publish a **buy rate** for each credit tier each month. Dealers may mark it up (often by up to 0.0004, about 1 point of APR) and keep the difference. A marked-up money factor is legal in most states, but a client who later finds it will not trust you again.

## What we do
- Ask the dealer for the buy rate for the client's tier and compare it with the rate in the deal.
- Record the money factor in the deal: LeaseDesk shows the APR next to it (money factor × 2400), so the client sees both.
- If there is a markup, say so and say why (for example, it pays for a rebate the dealer is passing on).

## Quick conversions
- 0.00100 → 2.40%
- 0.00150 → 3.60%
- 0.00200 → 4.80%
- 0.00250 → 6.00%`,
      },
      {
        slug: 'residuals-video',
        title: 'Residual values in practice',
        description: `How residuals change with term and mileage, and why a high residual makes a cheap lease. ${PLACEHOLDER_NOTE}`,
        durationMinutes: 12,
        contentType: 'video',
        videoUrl: PLACEHOLDER_VIDEO('leasedesk-residuals-placeholder'),
      },
      {
        slug: 'residual-value',
        title: 'Residual value and mileage allowances',
        description: 'Why the residual drops with more miles, and what excess mileage costs at turn-in.',
        durationMinutes: 7,
        contentType: 'article',
        content: `The residual is the lender's forecast of the car's value at the end of the lease. It is set per model, term and **mileage allowance**: each step up in miles lowers the residual, usually by 1 to 3 points.

## Choosing the allowance
Ask how far the client drives today and add a margin. Buying miles up front is almost always cheaper than paying for excess miles at turn-in, typically $0.15 to $0.30 a mile.

## Example
On a $40,000 MSRP car, 36 months: 58% at 10,000 miles a year, 56% at 12,000, 53% at 15,000. Going from 10,000 to 15,000 miles raises the payment by about $55 a month, but saves the client $0.25 × 15,000 = $3,750 if they would have driven those miles anyway.

## Turn-in
Remind clients of the wear-and-tear rules and the disposition fee before signing, not at the end of the lease.`,
      },
      {
        slug: 'money-factor-test',
        title: 'Money factor and residual check',
        description: 'Four questions on rates and residuals.',
        durationMinutes: 5,
        contentType: 'test',
        test: {
          questions: [
            {
              prompt: 'A money factor of 0.00175 is an APR of about…',
              choices: ['1.75%', '4.20%', '17.5%'],
              answer: 1,
            },
            {
              prompt: 'What is the buy rate?',
              choices: [
                'The lowest money factor the lender offers a credit tier',
                'The price the dealer paid for the car',
                'The client’s down payment',
              ],
              answer: 0,
            },
            {
              prompt: 'Raising the mileage allowance usually makes the residual…',
              choices: ['Higher', 'Lower', 'Unchanged'],
              answer: 1,
            },
            {
              prompt: 'A client expects to drive 3,000 miles over the allowance. What do you suggest?',
              choices: ['Pay the excess at turn-in', 'Buy the extra miles up front', 'Return the car early'],
              answer: 1,
            },
          ],
        },
      },
    ],
  },
  {
    category: '3. Credit Tiers',
    items: [
      {
        slug: 'credit-tiers',
        title: 'How lenders tier credit',
        description: 'Tier 1 to Tier 5, what each unlocks, and how to set expectations.',
        durationMinutes: 8,
        contentType: 'article',
        content: `Lenders group applicants into **tiers** by credit score and history. Advertised lease offers, including the ones on our marketplace and trending page, assume **Tier 1** credit.

## Typical tiers
- **Tier 1 (720+)**: the advertised money factor and every incentive.
- **Tier 2 (680–719)**: a slightly higher money factor, most incentives.
- **Tier 3 (640–679)**: a higher money factor; a security deposit or a larger down payment may be asked.
- **Tier 4–5 (below 640)**: few leases approved; look at a co-signer, a purchase, or a later application.

Exact cut-offs differ by lender: check the lender's current program.

## Setting expectations
Ask for the client's approximate score early (the quote wizard and the client record carry it). Quote Tier 1 payments only to Tier 1 clients, and say plainly that approval and the final rate belong to the lender.`,
      },
      {
        slug: 'credit-application',
        title: 'Sending the credit application',
        description: 'When to send the link, what the client fills in, and what happens after.',
        durationMinutes: 6,
        contentType: 'article',
        content: `Every deal can send the client a secure **credit application link**. Copy it from the deal's credit application card and send it yourself: the client signs the lender's form electronically.

## Before you send it
- Confirm the vehicle, term and mileage with the client.
- Explain that the application is a hard inquiry with the lender.
- Make sure the deal has the right form type (generic, MBFS or BMW FS).

## After it is completed
The deal shows the application as completed. The lender answers the dealer; follow up with the dealer the same day, and tell the client the outcome, good or bad, before they have to ask.`,
      },
      {
        slug: 'credit-test',
        title: 'Credit tiers check',
        description: 'Three questions on tiers and credit applications.',
        durationMinutes: 4,
        contentType: 'test',
        test: {
          questions: [
            {
              prompt: 'Advertised lease payments assume which credit tier?',
              choices: ['Tier 1', 'Tier 3', 'Any tier'],
              answer: 0,
            },
            {
              prompt: 'A client with a 650 score asks for the advertised payment. You…',
              choices: [
                'Promise it anyway',
                'Explain that the lender will likely offer a higher rate, and quote a range',
                'Decline to help',
              ],
              answer: 1,
            },
            {
              prompt: 'Who decides the approval and the final rate?',
              choices: ['The broker', 'The dealer', 'The lender'],
              answer: 2,
            },
          ],
        },
      },
    ],
  },
  {
    category: '4. Compliance and Disclosures',
    items: [
      {
        slug: 'disclosures',
        title: 'Lease disclosures you must give',
        description: 'Consumer Leasing Act basics: what the client must see before signing.',
        durationMinutes: 10,
        contentType: 'article',
        content: `Consumer leases are covered by the federal **Consumer Leasing Act** (Regulation M) and by state law. The lender's contract carries the formal disclosures; our job is never to contradict them and to make sure the client has read them.

## Before signing, the client must see
- The amount due at signing, itemized.
- The monthly payment and the number of payments.
- The total of payments.
- The mileage allowance and the excess mileage charge.
- Early termination terms and the disposition fee.
- The purchase option price at the end of the lease.

## In our ads and messages
If you quote a payment, also state the amount due at signing, the term, and that it is for well-qualified (Tier 1) applicants, before taxes and fees. The trending page and the embed carry this disclaimer for you.`,
      },
      {
        slug: 'consent-to-contact',
        title: 'Consent to contact and opt-outs',
        description: 'Texts, calls and e-mail: what the consent covers and how to honour STOP.',
        durationMinutes: 6,
        contentType: 'article',
        content: `The quote wizard records the client's consent to be contacted by phone, text or e-mail, including automated messages. Consent is **not** a condition of buying.

## Rules we follow
- Contact people only through the channels they agreed to, at reasonable hours in their time zone.
- A reply of **STOP** to a text, or an unsubscribe, ends that channel at once. Note it on the client record.
- Never buy or share contact lists.
- Keep what clients tell you about their credit and income in LeaseDesk, not in personal notes or chats.`,
      },
      {
        slug: 'compliance-video',
        title: 'A compliant client call, start to finish',
        description: `A recorded call that covers disclosures and consent without sounding scripted. ${PLACEHOLDER_NOTE}`,
        durationMinutes: 14,
        contentType: 'video',
        videoUrl: PLACEHOLDER_VIDEO('leasedesk-compliance-placeholder'),
      },
      {
        slug: 'compliance-test',
        title: 'Compliance check',
        description: 'Four questions on disclosures and consent.',
        durationMinutes: 5,
        contentType: 'test',
        test: {
          questions: [
            {
              prompt: 'A client replies STOP to a text. You…',
              choices: ['Call them instead', 'Stop texting them and note it on the client record', 'Text once more to confirm'],
              answer: 1,
            },
            {
              prompt: 'Is consent to be contacted required to buy a car through us?',
              choices: ['Yes', 'No'],
              answer: 1,
            },
            {
              prompt: 'A quoted lease payment in an ad must also state…',
              choices: ['The dealer’s margin', 'The amount due at signing and the term', 'The broker’s commission'],
              answer: 1,
            },
            {
              prompt: 'Which law covers consumer lease disclosures federally?',
              choices: ['The Consumer Leasing Act (Regulation M)', 'The Clean Air Act', 'HIPAA'],
              answer: 0,
            },
          ],
        },
      },
    ],
  },
  {
    category: '5. Working with Dealers',
    items: [
      {
        slug: 'dealer-relationships',
        title: 'Building dealer relationships',
        description: 'Who to call at the dealership, and how to become the broker they answer first.',
        durationMinutes: 8,
        contentType: 'article',
        content: `Deals close faster with dealers who know you. Each partner dealership in LeaseDesk has a contact, a typical response time and a success rate: use them to decide where to send a request first.

## Who is who
- The **fleet or internet manager** quotes and holds vehicles for brokers.
- The **finance manager** submits credit applications and reports lender decisions.
- The **sales manager** approves unusual discounts.

## Being the broker they answer first
- Send complete requests: year, make, model, trim, colour choices, term, mileage, credit tier, and incentives the client qualifies for.
- Do not shop the same client to five dealers at once without telling them.
- Confirm delivery details in writing and show up when you say you will.`,
      },
      {
        slug: 'dealer-video',
        title: 'Requesting a quote from a dealer',
        description: `A complete quote request, from the first message to the signed buyer's order. ${PLACEHOLDER_NOTE}`,
        durationMinutes: 11,
        contentType: 'video',
        videoUrl: PLACEHOLDER_VIDEO('leasedesk-dealers-placeholder'),
      },
      {
        slug: 'dealer-test',
        title: 'Working with dealers check',
        description: 'Three questions on working with dealership staff.',
        durationMinutes: 4,
        contentType: 'test',
        test: {
          questions: [
            {
              prompt: 'Who usually submits the credit application to the lender?',
              choices: ['The finance manager', 'The porter', 'The client’s bank'],
              answer: 0,
            },
            {
              prompt: 'What makes a quote request complete?',
              choices: [
                'Just the model name',
                'Vehicle, trim, term, mileage, credit tier and eligible incentives',
                'The client’s social security number',
              ],
              answer: 1,
            },
            {
              prompt: 'Which dealership figure helps you decide where to send a request first?',
              choices: ['Response time and success rate', 'The showroom’s size', 'The dealer’s logo'],
              answer: 0,
            },
          ],
        },
      },
    ],
  },
];

/** A draft an admin is still writing: in "Manage content", never shown to brokers. */
const DRAFT: SeedItem & { category: string } = {
  category: '5. Working with Dealers',
  slug: 'draft-negotiation',
  title: 'Negotiating dealer add-ons (draft)',
  description: 'Paint protection, nitrogen tyres and other add-ons: when to accept, when to refuse.',
  durationMinutes: 9,
  contentType: 'article',
  content: 'Outline:\n\n- Which add-ons lenders will not finance\n- How to ask for them to be removed\n- What to tell the client',
};

/** The demo broker has finished module 1 (its test with a score of 80) and read the first article of module 2. */
const COMPLETED_BY_BROKER: { slug: string; answers?: number[] }[] = [
  { slug: 'what-a-lease-is' },
  { slug: 'payment-walkthrough' },
  { slug: 'basics-check', answers: [1, 1, 1, 0, 0] },
  { slug: 'money-factor' },
];

export const academyItemId = (moduleIndex: number, itemIndex: number) => `academy-${moduleIndex + 1}-${itemIndex + 1}`;
const DRAFT_ID = 'academy-draft-1';

function contentFields(item: SeedItem): { content?: string; videoUrl?: string } {
  switch (item.contentType) {
    case 'article':
      return { content: item.content };
    case 'video':
      return { videoUrl: item.videoUrl };
    case 'test':
      return { content: JSON.stringify(item.test) };
  }
}

/** Creates the course through the academy store (so the counters follow); returns the number of published items. */
export async function seedAcademy(data: Data, brokerUserId: string, at: (daysAgo: number) => Date): Promise<number> {
  let published = 0;
  const ids = new Map<string, { id: string; item: SeedItem }>();
  for (const [moduleIndex, { category, items }] of ACADEMY_COURSE.entries()) {
    for (const [itemIndex, item] of items.entries()) {
      const id = academyItemId(moduleIndex, itemIndex);
      ids.set(item.slug, { id, item });
      published++;
      await data.academy.createContent(
        {
          id,
          title: item.title,
          description: item.description,
          category,
          contentType: item.contentType,
          durationMinutes: item.durationMinutes,
          orderIndex: (itemIndex + 1) * 10,
          isPublished: true,
          ...contentFields(item),
        },
        at(100),
      );
    }
  }
  await data.academy.createContent(
    {
      id: DRAFT_ID,
      title: DRAFT.title,
      description: DRAFT.description,
      category: DRAFT.category,
      contentType: DRAFT.contentType,
      durationMinutes: DRAFT.durationMinutes,
      orderIndex: 90,
      isPublished: false,
      ...contentFields(DRAFT),
    },
    at(1),
  );

  for (const { slug, answers } of COMPLETED_BY_BROKER) {
    const seeded = ids.get(slug);
    if (!seeded) continue;
    const score =
      seeded.item.contentType === 'test' && answers
        ? academyTestScore(
            seeded.item.test.questions.map((question) => question.answer),
            answers,
          )
        : undefined;
    await data.academy.complete({ userId: brokerUserId, contentId: seeded.id, score }, at(10));
  }
  return published;
}
