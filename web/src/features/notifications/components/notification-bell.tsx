/**
 * NotificationBell: a button whose accessible name carries the unread count ("Notifications, 3 unread") and a
 * popover (Radix, via the design system) listing the newest notifications. Each item opens its record and marks it
 * read; "Mark all as read" marks the rest. Mounted for admins and brokers (the route refuses everyone else).
 */
import { useNavigate } from 'react-router';
import { badgeText, bellLabel } from '@shared/notifications/kinds';
import { formatDateTime } from '@shared/format';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { buttonClassName } from '@web/components/ui/button';
import { useState } from 'react';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import styles from './notification-bell.module.css';

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.notifications ?? [];
  const badge = badgeText(unread);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className={buttonClassName({ variant: 'secondary' })} aria-label={bellLabel(unread)}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {badge && (
          <span className={styles.badge} aria-hidden="true">
            {badge}
          </span>
        )}
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" align="end" className={styles.panel}>
        <div className={styles.head}>
          <h2 className={styles.title}>Notifications</h2>
          {/* Not offered on an empty list; kept (disabled) once all are read, so the focus never falls off it. */}
          {items.length > 0 && (
            <button
              type="button"
              className={buttonClassName({ variant: 'link', size: 'sm', className: styles.markAll })}
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all as read
            </button>
          )}
        </div>
        {notifications.isPending ? (
          <p className={styles.empty}>Loading…</p>
        ) : items.length === 0 ? (
          <p className={styles.empty}>You have no notifications.</p>
        ) : (
          <ul className={styles.list} aria-label="Notifications">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={[styles.item, item.read ? '' : styles.unread].filter(Boolean).join(' ')}
                  onClick={() => {
                    if (!item.read) markRead.mutate(item.id);
                    setOpen(false);
                    void navigate(item.link);
                  }}
                >
                  <span className={styles.itemTitle}>
                    {item.read ? '' : <span className={styles.srOnly}>Unread: </span>}
                    {item.title}
                  </span>
                  <span className={styles.itemTime}>{formatDateTime(item.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
