import type { ReactNode } from 'react';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  /** The page's <h1>; badges stay outside it so the heading's name is the title alone. */
  title: ReactNode;
  /** Shown beside the title (role, status). */
  badges?: ReactNode;
  description?: ReactNode;
  /** The page's buttons and links, at the end of the row. */
  actions?: ReactNode;
}

/** The top of a signed-in page inside <AppShell>: the title with its badges and description, and the page's actions. */
export function PageHeader({ title, badges, description, actions }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{title}</h1>
          {badges}
        </div>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
