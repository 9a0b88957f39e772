import { Link } from 'react-router';
import type { OverviewCard } from '../overview-cards';
import styles from './dashboard.module.css';

export function OverviewCards({ cards, isLoading }: { cards: OverviewCard[]; isLoading: boolean }) {
  return (
    <section className={styles.overview} aria-labelledby="overview-title" aria-busy={isLoading || undefined}>
      <h2 id="overview-title" className={styles.sectionTitle}>
        Overview
      </h2>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.id}>
            <Link to={card.to} className={styles.statCard}>
              <h3 className={styles.statTitle}>{card.title}</h3>
              <p className={styles.statValue}>{isLoading ? '–' : card.value}</p>
              <p className={styles.statDescription}>{card.description}</p>
              <span className={styles.statLink} aria-hidden="true">
                View →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
