/** "My day" on the dashboard: the caller's open tasks overdue (in red), due today and in the next 7 days. */
import { Link } from 'react-router';
import type { MyDay } from '@shared/tasks/api';
import { SectionCard } from '@web/components/ui/section-card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { TaskList } from './task-list';
import styles from './tasks.module.css';

export function MyDayBlock({ myDay, isLoading }: { myDay: MyDay | undefined; isLoading: boolean }) {
  return (
    <SectionCard title="My day">
      {isLoading ? (
        <LoadingBlock label="Loading your tasks" />
      ) : !myDay ? (
        <p className={styles.empty}>Your tasks could not be loaded.</p>
      ) : (
        <div className={styles.blocks}>
          <section aria-labelledby="my-day-overdue">
            <h3 id="my-day-overdue" className={`${styles.blockTitle} ${styles.overdueLabel}`}>
              Overdue ({myDay.overdue.length})
            </h3>
            <TaskList tasks={myDay.overdue} label="Overdue tasks" empty="Nothing overdue." />
          </section>
          <section aria-labelledby="my-day-today">
            <h3 id="my-day-today" className={styles.blockTitle}>
              Due today ({myDay.today.length})
            </h3>
            <TaskList tasks={myDay.today} label="Tasks due today" empty="Nothing else due today." />
          </section>
          <section aria-labelledby="my-day-upcoming">
            <h3 id="my-day-upcoming" className={styles.blockTitle}>
              Next 7 days ({myDay.upcoming.length})
            </h3>
            <TaskList tasks={myDay.upcoming} label="Tasks of the next 7 days" empty="Nothing due in the next 7 days." />
          </section>
          <Link to="/tasks">All tasks</Link>
        </div>
      )}
    </SectionCard>
  );
}
