/**
 * The app navigation of every signed-in screen (issue 20, "A way around"): a bar of the sections the user may open
 * on a wide window, the same list behind a "Menu" disclosure button on a narrow one. The current section is marked
 * with aria-current ("page" on the section's own screen, "true" on a screen inside it, e.g. one deal of /deals).
 * Which sections a role sees comes from the guard's rules (navSectionsFor), so the bar never offers a refused screen.
 * Beside it, on every signed-in screen: the global search (Ctrl/Cmd+K, "/") and the notification bell (staff).
 */
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { GlobalSearch } from '@web/features/search/components/global-search';
import { useUser } from '@web/lib/auth';
import { currentSection, navSectionsFor } from './guard-rules';
import styles from './app-nav.module.css';

export function AppNav() {
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  if (!user) return null;
  const sections = navSectionsFor(user);
  const current = currentSection(sections, pathname);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };
  // Tabbing out of the open menu closes it, so it never covers the screen the keyboard user went on to.
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <>
      <nav aria-label="Main" className={styles.nav} onKeyDown={onKeyDown} onBlur={onBlur}>
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon open={open} />
          Menu
        </button>
        <ul id={listId} className={styles.list} data-open={open}>
          {sections.map((section) => {
            const isCurrent = current?.section === section;
            return (
              <li key={section.path}>
                <Link
                  to={section.path}
                  className={styles.link}
                  aria-current={isCurrent ? (current.exact ? 'page' : 'true') : undefined}
                  onClick={() => setOpen(false)}
                >
                  {section.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* On every signed-in screen beside the sections, also on a phone (outside the Menu): the search (it renders
          nothing for those who may not search) and, for staff, the notification bell. */}
      <div className={styles.tools}>
        <GlobalSearch />
        {(user.role === 'admin' || user.role === 'broker') && <NotificationBell />}
      </div>
    </>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
