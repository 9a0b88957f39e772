import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AppNavProvider } from '../components/layouts/app-nav-slot';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import { FullScreenSpinner } from '../components/ui/spinner';
import { isNewUserState, useLogout, useUser } from '../lib/auth';
import { AppNav } from './app-nav';
import { decideAccess, type GuardDecision } from './guard-rules';
import styles from './routes/status-screen.module.css';

/**
 * The route guard: a full-screen spinner while the session loads, then the decision of guard-rules.ts; the screens
 * it lets through get the app navigation (shown by their <AppShell>).
 */
export function RequireAuth() {
  const { pathname } = useLocation();
  const user = useUser();

  if (user.isPending) return <FullScreenSpinner label="Loading your session" />;
  if (user.isError) return <SessionErrorScreen message={user.error.message} onRetry={() => void user.refetch()} />;

  const decision = decideAccess(user.data, pathname);
  if (decision.kind === 'redirect') return <Redirect decision={decision} />;
  return (
    <AppNavProvider value={<AppNav />}>
      <Outlet />
    </AppNavProvider>
  );
}

/** Navigates away, telling the visitor why when the guard has words for it. */
function Redirect({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  const { notice } = decision;
  // A first sign-in's state goes along (a dealer's / is /dashboard): the home still greets a new user as new.
  const { state } = useLocation();
  // Once per redirect, also when StrictMode runs the effect twice in development.
  const told = useRef(false);
  useEffect(() => {
    if (!notice || told.current) return;
    told.current = true;
    toast({ ...notice, variant: 'destructive' });
  }, [notice]);
  return <Navigate to={decision.to} replace state={isNewUserState(state) ? state : undefined} />;
}

function SessionErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  const logout = useLogout();
  return (
    <main className={styles.screen}>
      <div className={styles.panel}>
        <h1 className={styles.title}>We couldn't load your account</h1>
        <p className={styles.text}>{message}</p>
        <div className={styles.actions}>
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="secondary" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
      </div>
    </main>
  );
}
