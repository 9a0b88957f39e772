/**
 * Combobox over a server search: the combobox of ./combobox (a button showing the choice, a Radix popover with a
 * cmdk search box and list) whose options come from `search(query, signal)` instead of a list in memory. For pick
 * lists too long to load whole (clients, dealerships, brokers). AsyncComboboxField binds it to a form value by name.
 *
 * - Debounced: the search runs when the popover opens, then once per pause in typing (`debounceMs`), never per key.
 *   A search the user typed past is aborted (react-query cancels it through `signal`).
 * - Results are cached under `queryKey` (react-query): reopening shows the last results at once, and a mutation
 *   that invalidates the key (e.g. adding a dealership) refreshes them.
 * - States: while a search runs the previous results stay (no flicker) and "Searching…" shows; no match shows
 *   `emptyText`; a failed search shows `errorText`. A polite live region announces each to screen readers.
 * - The label of the current value: from the choice picked here, from `knownChoices` (an edit form's saved value,
 *   a record added inline), or else loaded once with `loadLabel`; until then the trigger says "Loading…".
 * - Keyboard as ./combobox: Enter or the arrows open it, typing searches, the arrows move, Enter chooses and
 *   closes, Escape closes; focus returns to the button.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useState, type Ref } from 'react';
import { useController } from 'react-hook-form';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import type { Choice } from './choice';
import { Field, type FieldControlProps } from './field';
import { CheckMark } from './check-mark';
import styles from './pickers.module.css';
import { ComboboxTrigger } from './combobox';
import { Popover, PopoverContent } from './popover';
import { Spinner } from './spinner';

/** The server search behind the list: the choices matching `query` ('' when nothing is typed yet). */
export type ChoiceSearch = (query: string, signal: AbortSignal) => Promise<readonly Choice[]>;

/** The label of a value that was not picked from a search here (e.g. the saved dealership of an edited vehicle). */
export type ChoiceLabelLoader = (value: string, signal: AbortSignal) => Promise<string | undefined>;

/** Pause in typing before the search runs: short enough to feel live, long enough to skip most keys. */
export const SEARCH_DEBOUNCE_MS = 250;
/** How long cached results are shown without asking the server again. */
const RESULTS_FRESH_MS = 30_000;

export interface AsyncComboboxOptions {
  search: ChoiceSearch;
  /** Identifies the search in react-query's cache (start it with the feature's key so its mutations refresh it). */
  queryKey: QueryKey;
  knownChoices?: readonly Choice[];
  loadLabel?: ChoiceLabelLoader;
  /** The search box's label, read by screen readers ("Search dealerships"). */
  searchLabel: string;
  placeholder?: string;
  emptyText?: string;
  errorText?: string;
  debounceMs?: number;
  disabled?: boolean;
}

export interface AsyncComboboxProps extends AsyncComboboxOptions, Partial<FieldControlProps> {
  value: string | undefined;
  /** Called with the picked choice too, so a caller can keep its label (e.g. in `knownChoices`). */
  onValueChange: (value: string, choice: Choice) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function AsyncCombobox({
  search,
  queryKey,
  knownChoices = [],
  loadLabel,
  searchLabel,
  placeholder = 'Select…',
  emptyText = 'No results',
  errorText = 'The search failed. Try again.',
  debounceMs = SEARCH_DEBOUNCE_MS,
  disabled,
  value,
  onValueChange,
  onBlur,
  ref,
  ...control
}: AsyncComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // The search box's text is sent once it has stayed the same for debounceMs; trimmed, so a space asks nothing new.
  const settledQuery = useDebouncedValue(query.trim(), debounceMs);
  const results = useQuery({
    queryKey: [...queryKey, 'search', settledQuery],
    queryFn: ({ signal }) => search(settledQuery, signal),
    enabled: open,
    staleTime: RESULTS_FRESH_MS,
    // While the next search runs, the list keeps the last results rather than emptying under the user's eyes.
    placeholderData: keepPreviousData,
  });
  const [picked, setPicked] = useState<Choice>();

  // cmdk's highlighted option, reset to the first match on each answer (as typing does in the in-memory
  // combobox), so Enter after a search picks the best match rather than nothing.
  const [highlighted, setHighlighted] = useState('');
  const [answered, setAnswered] = useState(results.data);
  if (results.data !== answered) {
    setAnswered(results.data);
    setHighlighted(results.data?.[0]?.value ?? '');
  }

  const label = useValueLabel(value, [picked, ...knownChoices, ...(results.data ?? [])], queryKey, loadLabel);
  const choices = results.data ?? [];
  const searching = results.isFetching || query.trim() !== settledQuery;
  const status = searching
    ? 'searching'
    : results.isError
      ? 'error'
      : results.isSuccess && choices.length === 0
        ? 'empty'
        : 'results';

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Each opening starts from the whole list, as the in-memory combobox does.
        if (!next) setQuery('');
      }}
    >
      <ComboboxTrigger ref={ref} disabled={disabled} onBlur={onBlur} onOpen={() => setOpen(true)} {...control}>
        <span className={label.text ? undefined : styles.placeholder}>
          {label.text ?? (label.loading ? 'Loading…' : placeholder)}
        </span>
      </ComboboxTrigger>
      <PopoverContent className={styles.comboboxPanel} aria-label={searchLabel}>
        {/* The server filters: cmdk only lists and moves. */}
        <Command
          label={searchLabel}
          className={styles.command}
          shouldFilter={false}
          value={highlighted}
          onValueChange={setHighlighted}
        >
          <Command.Input value={query} onValueChange={setQuery} placeholder={`${searchLabel}…`} className={styles.search} />
          <Command.List className={styles.commandList} aria-busy={searching}>
            {choices.map((choice) => (
              <Command.Item
                key={choice.value}
                value={choice.value}
                className={styles.option}
                onSelect={() => {
                  setPicked(choice);
                  onValueChange(choice.value, choice);
                  setOpen(false);
                  setQuery('');
                }}
              >
                {choice.label}
                {choice.value === value && <CheckMark className={styles.check} />}
              </Command.Item>
            ))}
          </Command.List>
          <div className={styles.searchStatus} data-status={status} aria-live="polite">
            {status === 'searching' && (
              <>
                <Spinner size="sm" decorative /> Searching…
              </>
            )}
            {status === 'empty' && emptyText}
            {status === 'error' && errorText}
            {status === 'results' && <span className="visually-hidden">{resultsText(choices.length)}</span>}
          </div>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

function resultsText(count: number): string {
  return count === 1 ? '1 result' : `${count} results`;
}

/** The words the trigger shows for `value`: a choice already known, or the one `loadLabel` finds. */
function useValueLabel(
  value: string | undefined,
  known: readonly (Choice | undefined)[],
  queryKey: QueryKey,
  loadLabel: ChoiceLabelLoader | undefined,
): { text: string | undefined; loading: boolean } {
  const knownLabel = value ? known.find((choice) => choice?.value === value)?.label : undefined;
  const loaded = useQuery({
    queryKey: [...queryKey, 'label', value],
    // react-query keeps no undefined: a value the loader does not know is null (the trigger then shows the placeholder).
    queryFn: async ({ signal }) => (await loadLabel?.(value ?? '', signal)) ?? null,
    enabled: Boolean(value) && knownLabel === undefined && loadLabel !== undefined,
    staleTime: Infinity,
  });
  const text = knownLabel ?? loaded.data ?? undefined;
  return { text, loading: text === undefined && loaded.isFetching };
}

export interface AsyncComboboxFieldProps extends AsyncComboboxOptions {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
}

/** An AsyncCombobox bound to the form value `name` (a string: the chosen choice's value). */
export function AsyncComboboxField({ name, label, hint, optional, ...combobox }: AsyncComboboxFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <Field name={name} label={label} error={fieldState.error?.message} hint={hint} optional={optional}>
      {(control) => (
        <AsyncCombobox
          {...control}
          {...combobox}
          ref={field.ref}
          value={(field.value as string | undefined) || undefined}
          onValueChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}
