import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './app-shell.module.css';

/** The frame of every signed-in screen: a skip link, the brand bar and the page's <main>. */
export function AppShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <Brand />
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
      LeaseDesk
    </Link>
  );
}
