/**
 * The app navigation of every signed-in screen (docs/decisions.md, "Web", "App navigation"): on a wide window the
 * sections the user may open as a row of their own under the brand bar (one row for every role, however many sections),
 * on a narrow one the same list behind a "Menu" disclosure button at the end of the bar (a single section, a consumer's
 * Portal, is shown as is). The current section is marked with aria-current ("page" on the section's own screen, "true"
 * on a screen inside it, e.g. one deal of /deals). Which sections a role sees comes from the guard's rules
 * (navSectionsFor), so the bar never offers a refused screen.
 * Before it in the bar, on every signed-in screen: the global search (Ctrl/Cmd+K, "/") and the notification bell
 * (staff). In the DOM they come before the sections too, so the Tab order follows the screen: the bar, then the
 * row of sections (on a phone: search, bell, Menu).
 *
 * The open menu closes on Escape (focus back on Menu), on Tab out of it, on a tap outside it (a phone's Safari
 * does not move the focus on a tap, so a blur alone would leave it open) and on following one of its links. A
 * link followed from the menu gives the focus back to the Menu button of the screen it opens: each screen
 * renders its own shell, so the button is a new one, focused once when it mounts.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { GlobalSearch } from '@web/features/search/components/global-search';
import { useUser } from '@web/lib/auth';
import { currentSection, navSectionsFor } from './guard-rules';
import styles from './app-nav.module.css';

/** Set when a link of the open menu is followed: the next screen's Menu button takes the focus. */
let focusMenuOnNextScreen = false;

export function AppNav() {
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusMenuOnNextScreen) return;
    focusMenuOnNextScreen = false;
    toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) return null;
  const sections = navSectionsFor(user);
  const current = currentSection(sections, pathname);
  const collapsible = sections.length > 1;

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
  const onFollow = (opensAnotherScreen: boolean) => {
    if (!open) return;
    setOpen(false);
    toggle.current?.focus();
    focusMenuOnNextScreen = opensAnotherScreen;
  };

  return (
    <>
      {/* The search (it renders nothing for those who may not search) and, for staff, the notification bell. */}
      <div className={styles.tools}>
        <GlobalSearch />
        {(user.role === 'admin' || user.role === 'broker') && <NotificationBell />}
      </div>
      <nav
        ref={nav}
        aria-label="Main"
        className={styles.nav}
        data-collapsible={collapsible}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        {collapsible && (
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
        )}
        <ul id={listId} className={styles.list} data-open={open}>
          {sections.map((section) => {
            const isCurrent = current?.section === section;
            const isPage = isCurrent && current.exact;
            return (
              <li key={section.path}>
                <Link
                  to={section.path}
                  className={styles.link}
                  aria-current={isCurrent ? (isPage ? 'page' : 'true') : undefined}
                  onClick={() => onFollow(!isPage)}
                >
                  {section.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
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
