/**
 * The app navigation reaches <AppShell> through this slot: the navigation knows who may open what (web/src/app),
 * which shared components may not import, so the route guard puts it here for every signed-in screen.
 */
import { createContext, useContext, type ReactNode } from 'react';

const AppNavContext = createContext<ReactNode>(null);

export const AppNavProvider = AppNavContext.Provider;

/** The navigation of the signed-in app, or nothing outside the route guard. */
export function useAppNav(): ReactNode {
  return useContext(AppNavContext);
}
