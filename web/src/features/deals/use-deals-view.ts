/**
 * The tile or list view of /deals, remembered in local storage so the broker finds the screen as they left it
 * (also in a new tab and after signing in again).
 */
import { useCallback, useState } from 'react';
import { DEALS_VIEW_STORAGE_KEY, parseDealsView, type DealsView } from './deal-list';

export function useDealsView(): [DealsView, (view: DealsView) => void] {
  const [view, setView] = useState<DealsView>(() => parseDealsView(readStored()));
  const choose = useCallback((next: DealsView) => {
    setView(next);
    try {
      window.localStorage.setItem(DEALS_VIEW_STORAGE_KEY, next);
    } catch {
      // Storage blocked or full (private mode): the choice still holds on this page.
    }
  }, []);
  return [view, choose];
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(DEALS_VIEW_STORAGE_KEY);
  } catch {
    return null;
  }
}
