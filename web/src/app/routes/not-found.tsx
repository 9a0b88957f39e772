import { Link } from 'react-router';
import { buttonClassName } from '@web/components/ui/button';
import styles from './status-screen.module.css';
import { useDocumentTitle } from '@web/lib/document-title';

/** Any path without a screen ("404 Oops! Page not found" with a link home). */
export function NotFoundScreen() {
  useDocumentTitle('Page Not Found');
  return (
    <main className={styles.screen}>
      <div className={styles.panel}>
        <h1 className={styles.code}>404</h1>
        <p className={styles.title}>Oops! Page not found</p>
        <Link to="/" className={buttonClassName({ className: styles.homeLink })}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
