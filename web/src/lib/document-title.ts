/** Every screen names itself in the browser tab and history: "Sign In · LeaseDesk". */
import { useEffect } from 'react';

export const APP_NAME = 'LeaseDesk';

export function documentTitle(screen?: string): string {
  const name = screen?.trim();
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** Sets the document title while the screen is shown. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
