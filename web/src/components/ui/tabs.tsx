/**
 * Tabs following the WAI-ARIA tabs pattern: one tab stop for the list, arrow keys / Home / End move
 * and activate, each panel is labelled by its tab.
 */
import { createContext, useContext, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tab components must be used inside <Tabs>');
  return context;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  return <TabsContext.Provider value={{ baseId, value, onValueChange }}>{children}</TabsContext.Provider>;
}

export function TabList({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? []);
    const current = tabs.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    const target = {
      ArrowRight: tabs[(current + 1) % tabs.length],
      ArrowLeft: tabs[(current - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.click();
  };
  return (
    <div ref={ref} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function Tab({ value, children }: { value: string; children: ReactNode }) {
  const { baseId, value: selected, onValueChange } = useTabs();
  const isSelected = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={isSelected}
      // Only the selected panel exists in the DOM, so only its tab may point at it.
      aria-controls={isSelected ? panelId(baseId, value) : undefined}
      tabIndex={isSelected ? 0 : -1}
      className={styles.tab}
      onClick={() => onValueChange(value)}
    >
      {children}
    </button>
  );
}

/** Only the selected panel is rendered. */
export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  const { baseId, value: selected } = useTabs();
  if (value !== selected) return null;
  return (
    <div role="tabpanel" id={panelId(baseId, value)} aria-labelledby={tabId(baseId, value)} className={styles.panel}>
      {children}
    </div>
  );
}
