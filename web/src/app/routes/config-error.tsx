import styles from './status-screen.module.css';
import { useDocumentTitle } from '@web/lib/document-title';

/** Shown when /config.json is missing or invalid: nothing else can work without it. */
export function ConfigErrorScreen() {
  useDocumentTitle('Unavailable');
  return (
    <main className={styles.screen}>
      <div className={styles.panel}>
        <h1 className={styles.title}>LeaseDesk is unavailable</h1>
        <p className={styles.text}>The application could not load its configuration. Please try again in a few minutes.</p>
      </div>
    </main>
  );
}
