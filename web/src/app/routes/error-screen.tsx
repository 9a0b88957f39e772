import { Button } from '@web/components/ui/button';
import styles from './status-screen.module.css';
import { useDocumentTitle } from '@web/lib/document-title';

export function ErrorScreen() {
  useDocumentTitle('Something Went Wrong');
  return (
    <main className={styles.screen}>
      <div className={styles.panel}>
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>An unexpected error occurred. Reload the page to try again.</p>
        <div className={styles.actions}>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </div>
    </main>
  );
}
