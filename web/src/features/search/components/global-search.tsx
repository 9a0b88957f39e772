/**
 * The global search (docs/decisions.md, "Global search"): a "Search" button and its shortcut (Ctrl/Cmd+K, "/")
 * open a dialog with a combobox over GET /search. Typing asks the API once per pause (debounced); the results come
 * grouped by kind under headings (Clients, Deals, Leads, Marketplace vehicles); up and down move through them,
 * Enter opens the record, Escape closes. While a search runs "Searching…" shows beside the last results; nothing
 * found says "No results for …". Rendered only for callers who may search (admins, approved brokers, dealers).
 *
 * Exported for the app navigation to mount (one instance per screen): `<GlobalSearch />`.
 */
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_KINDS, SEARCH_KIND_LABELS, SEARCH_QUERY_MAX, type SearchHit } from '@shared/search/api';
import { Dialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useRequiredUser } from '@web/lib/auth';
import { can, isPendingBroker } from '@web/lib/authorization';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useGlobalSearch } from '../api/search';
import { opensSearch, SEARCH_SHORTCUT_KEYS } from '../shortcut';
import styles from './global-search.module.css';

/** Pause in typing before the search runs: one request per burst of keys. */
export const SEARCH_DEBOUNCE_MS = 250;

export function GlobalSearch() {
  const user = useRequiredUser();
  const maySearch = can(user, 'deals:view') && !isPendingBroker(user);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Where the focus goes back when the dialog closes without opening a record: what had it before (a field the
  // shortcut was pressed in), else the Search button (the shortcut pressed with nothing focused).
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!maySearch) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!opensSearch(event)) return;
      event.preventDefault();
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [maySearch]);

  const close = () => {
    setOpen(false);
    const target = returnFocus.current && returnFocus.current !== document.body ? returnFocus.current : trigger.current;
    returnFocus.current = null;
    window.requestAnimationFrame(() => target?.focus());
  };

  if (!maySearch) return null;
  return (
    <>
      <button
        type="button"
        ref={trigger}
        className={styles.trigger}
        onClick={() => {
          returnFocus.current = trigger.current;
          setOpen(true);
        }}
        aria-keyshortcuts={SEARCH_SHORTCUT_KEYS}
      >
        <span aria-hidden="true" className={styles.icon}>
          ⌕
        </span>
        Search
        <kbd className={styles.kbd} aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      <Dialog open={open} onClose={close} title="Search LeaseDesk" placement="top">
        {open && <SearchPanel onOpenRecord={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

const itemValue = (kind: string, hit: SearchHit) => `${kind}:${hit.id}`;

function SearchPanel({ onOpenRecord }: { onOpenRecord: () => void }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  // The dialog's showModal() (its effect runs after this one) focuses its first button: the search box takes the
  // focus back on the next frame.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => input.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useGlobalSearch(q);
  const settled = q === text.trim();
  const groups = q && results.data ? SEARCH_KINDS.map((kind) => ({ kind, hits: results.data[kind] })) : [];
  const total = groups.reduce((sum, group) => sum + group.hits.length, 0);
  const searching = q.length > 0 && (results.isFetching || !settled);
  const showEmpty = q.length > 0 && settled && !results.isFetching && results.isSuccess && total === 0;
  // The results shown are the text's own: not those of an earlier text while a new search runs, which stay on screen
  // dimmed and cannot be chosen (Enter does nothing until the new ones arrive).
  const current = q.length > 0 && !searching;
  const firstHit = groups.flatMap((group) => group.hits.map((hit) => itemValue(group.kind, hit)))[0] ?? '';
  // The highlighted result: the first as each search's results arrive, then wherever the arrow keys move it.
  const [selected, setSelected] = useState('');
  useEffect(() => {
    setSelected(current ? firstHit : '');
  }, [current, firstHit, results.dataUpdatedAt]);

  const openHit = (hit: SearchHit) => {
    onOpenRecord();
    void navigate(hit.path);
  };

  const status = searching
    ? 'Searching…'
    : results.isError && q
      ? 'Search failed. Please try again.'
      : showEmpty
        ? `No results for "${q}"`
        : q && total > 0
          ? `${total} ${total === 1 ? 'result' : 'results'}`
          : '';

  return (
    <Command
      label="Search clients, deals, leads and vehicles"
      shouldFilter={false}
      loop
      value={selected}
      onValueChange={setSelected}
      className={styles.command}
    >
      <div className={styles.inputRow}>
        <Command.Input
          value={text}
          onValueChange={setText}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Search clients, deals, leads, vehicles…"
          className={styles.input}
          ref={input}
        />
        {searching && <Spinner size="sm" label="Searching" />}
      </div>
      <Command.List className={styles.list}>
        {!q && <p className={styles.hint}>Type a name, e-mail, phone, VIN, stock number, make or model.</p>}
        {showEmpty && <Command.Empty className={styles.empty}>No results for &ldquo;{q}&rdquo;</Command.Empty>}
        {results.isError && q && !searching && <p className={styles.empty}>Search failed. Please try again.</p>}
        {groups
          .filter((group) => group.hits.length > 0)
          .map((group) => (
            <Command.Group key={group.kind} heading={SEARCH_KIND_LABELS[group.kind]} className={styles.group}>
              {group.hits.map((hit) => (
                <Command.Item
                  key={itemValue(group.kind, hit)}
                  value={itemValue(group.kind, hit)}
                  onSelect={() => openHit(hit)}
                  disabled={!current}
                  className={styles.item}
                >
                  <span className={styles.title}>{hit.title}</span>
                  {hit.detail && <span className={styles.detail}>{hit.detail}</span>}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
      </Command.List>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </Command>
  );
}
