import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useLogout, useUser } from '../lib/auth';
import { decideAccess } from './guard-rules';
import styles from './routes/status-screen.module.css';

/** The route guard: a full-screen spinner while the session loads, then the decision of guard-rules.ts. */
export function RequireAuth() {
  const { pathname } = useLocation();
  const user = useUser();

  if (user.isPending) return <FullScreenSpinner label="Loading your session" />;
  if (user.isError) return <SessionErrorScreen message={user.error.message} onRetry={() => void user.refetch()} />;

  const decision = decideAccess(user.data, pathname);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
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
