import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './app-shell.module.css';
import { useAppNav } from './app-nav-slot';

/** The frame of every signed-in screen: a skip link, the brand bar with the app navigation and the page's <main>. */
export function AppShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const nav = useAppNav();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Brand />
          {nav}
          {actions}
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </>
  );
}

export function Brand() {
  return (
    <Link to="/" className={styles.brand}>
      <span className={styles.logo} aria-hidden="true">
        LD
      </span>
      <span className={styles.wordmark}>LeaseDesk</span>
    </Link>
  );
}
