/** One academy item in its category: type icon and label, title, description, duration and whether it is completed. */
import type { AcademyItem } from '@shared/academy/api';
import { ACADEMY_CONTENT_TYPE_LABELS } from '@shared/academy/enums';
import { Badge } from '@web/components/ui/badge';
import { ContentTypeIcon } from './content-type-icon';
import styles from './academy.module.css';

/** "Video · 12 min", the line under a title. */
export function itemSummary(item: Pick<AcademyItem, 'contentType' | 'durationMinutes'>): string {
  const type = ACADEMY_CONTENT_TYPE_LABELS[item.contentType];
  return item.durationMinutes ? `${type} · ${item.durationMinutes} min` : type;
}

export function AcademyItemCard({ item, onOpen }: { item: AcademyItem; onOpen: () => void }) {
  return (
    <li className={styles.item} data-completed={item.completed || undefined}>
      <div className={styles.itemType}>
        <ContentTypeIcon type={item.contentType} />
        <span>{itemSummary(item)}</span>
      </div>
      <h3 className={styles.itemTitle}>
        {/* The whole card opens the dialog through this one button (its ::after covers the card). */}
        <button type="button" className={styles.itemOpen} onClick={onOpen}>
          {item.title}
        </button>
      </h3>
      {item.description && <p className={styles.itemDescription}>{item.description}</p>}
      {item.completed && (
        <Badge variant="success" className={styles.itemDone}>
          <span aria-hidden="true">✓ </span>Completed{item.score === null ? '' : ` · ${item.score}%`}
        </Badge>
      )}
    </li>
  );
}
