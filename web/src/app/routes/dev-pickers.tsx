/**
 * /dev/pickers, in `vite` (dev) only: every picker of components/ui in one small form on the form binding, so the
 * primitives can be seen and driven (by the e2e suite: keyboard and axe) before a screen uses them. The router
 * registers it only when import.meta.env.DEV, so a production build has neither the route nor this chunk.
 *
 * "Answer with server errors" makes the submit fail as the API would (400 with `error.fields`), to show where the
 * form binding puts them. The dealership combobox searches a stand-in server (below): 800 ms per search, "error"
 * fails it, and the searches it was sent are counted on screen, so the e2e suite can see the debounce.
 */
import { useRef, useState } from 'react';
import * as z from 'zod';
import { DEAL_TYPE_LABELS, DEAL_TYPES, CREDIT_SCORE_RANGES } from '@shared/deals/enums';
import { CAR_MAKES } from '@shared/quotes/enums';
import { number } from '@shared/validation';
import { AsyncComboboxField, type ChoiceSearch } from '@web/components/ui/async-combobox';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckboxField } from '@web/components/ui/checkbox';
import { choices, type Choice } from '@web/components/ui/choice';
import { ComboboxField } from '@web/components/ui/combobox';
import { Form, NumberField, SubmitButton, useZodForm } from '@web/components/ui/form';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { RadioGroupField } from '@web/components/ui/radio-group';
import { SelectField } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/document-title';
import styles from './status-screen.module.css';

const schema = z.object({
  dealType: z.enum(DEAL_TYPES, { error: 'Choose a deal type' }),
  make: z.enum(CAR_MAKES, { error: 'Choose a make' }),
  dealershipId: z.string({ error: 'Choose a dealership' }).min(1, 'Choose a dealership'),
  creditScoreRange: z.enum(CREDIT_SCORE_RANGES, { error: 'Choose a credit score range' }),
  monthlyBudget: number('Enter a monthly budget').min(0, 'Budget must be 0 or more'),
  acceptTerms: z.boolean().refine((accepted) => accepted, 'Accept the terms to continue'),
  notifyBySms: z.boolean(),
  serverErrors: z.boolean(),
});

const DEALERSHIPS: readonly Choice[] = [
  'Bay Area Toyota',
  'Capitol Honda',
  'Coastal Subaru',
  'Desert BMW',
  'Harbor Mazda',
  'Lakeside Ford',
  'Metro Honda',
  'Mountain View Kia',
  'Northgate Hyundai',
  'Riverside Lexus',
  'Summit Audi',
  'Valley Volkswagen',
].map((name, index) => ({ value: `D${String(index + 1).padStart(2, '0')}`, label: name }));

/** Long enough that a test sees "Searching…" on a loaded machine. */
const STAND_IN_LATENCY_MS = 800;

/** A stand-in for a server search: slow enough to see the loading state, honouring the abort like fetch does. */
function useStandInDealershipSearch(): { search: ChoiceSearch; sent: number } {
  const [sent, setSent] = useState(0);
  const search = useRef<ChoiceSearch>((query, signal) => {
    setSent((count) => count + 1);
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        if (query.toLowerCase() === 'error') reject(new Error('Search failed'));
        else resolve(DEALERSHIPS.filter((choice) => choice.label.toLowerCase().includes(query.toLowerCase())));
      }, STAND_IN_LATENCY_MS);
      signal.addEventListener('abort', () => {
        window.clearTimeout(timer);
        reject(signal.reason as Error);
      });
    });
  });
  return { search: search.current, sent };
}

export function DevPickersScreen() {
  useDocumentTitle('Pickers (dev)');
  const [submitted, setSubmitted] = useState<string>();
  const dealerships = useStandInDealershipSearch();
  const form = useZodForm(schema, {
    defaultValues: { dealershipId: '', monthlyBudget: undefined, acceptTerms: false, notifyBySms: false, serverErrors: false },
  });

  const onSubmit = async (values: z.output<typeof schema>) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (values.serverErrors) {
      toast({ title: 'Error', description: 'Make is not offered', variant: 'destructive' });
      throw new ApiError(400, 'bad_request', 'Make is not offered', { make: 'Make is not offered', '': 'The offer has expired' });
    }
    setSubmitted(JSON.stringify(values));
    toast({ title: 'Submitted', variant: 'success' });
  };

  return (
    <main className={styles.screen}>
      <Card as="section" aria-labelledby="pickers-title">
        <CardHeader>
          <CardTitle id="pickers-title">Pickers</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            form={form}
            onSubmit={onSubmit}
            aria-label="Pickers"
            style={{ display: 'grid', gap: '1rem', minWidth: 'min(24rem, 90vw)' }}
          >
            <SelectField
              name="dealType"
              label="Deal type"
              options={choices(DEAL_TYPES, DEAL_TYPE_LABELS)}
              placeholder="Choose a deal type"
            />
            <ComboboxField
              name="make"
              label="Make"
              options={choices(CAR_MAKES)}
              searchLabel="Search makes"
              placeholder="Choose a make"
            />
            <AsyncComboboxField
              name="dealershipId"
              label="Dealership"
              search={dealerships.search}
              queryKey={['dev-pickers', 'dealerships']}
              searchLabel="Search dealerships"
              placeholder="Choose a dealership"
              emptyText="No dealerships found"
            />
            <RadioGroupField name="creditScoreRange" label="Credit score range" options={choices(CREDIT_SCORE_RANGES)} />
            <NumberField name="monthlyBudget" label="Monthly budget" hint="In dollars." />
            <CheckboxField name="acceptTerms" label="I accept the terms" />
            <Popover>
              <PopoverTrigger asChild>
                <Button variant="secondary">More options</Button>
              </PopoverTrigger>
              <PopoverContent aria-label="More options">
                <CheckboxField name="notifyBySms" label="Notify me by SMS" />
              </PopoverContent>
            </Popover>
            <CheckboxField name="serverErrors" label="Answer with server errors" />
            <SubmitButton>Submit</SubmitButton>
          </Form>
          <p>
            Dealership searches sent: <output aria-label="Dealership searches sent">{dealerships.sent}</output>
          </p>
          {submitted && <output aria-label="Submitted values">{submitted}</output>}
        </CardContent>
      </Card>
    </main>
  );
}
