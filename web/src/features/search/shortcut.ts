/**
 * The global search's keyboard shortcut: Ctrl+K (Cmd+K on a Mac) anywhere, and "/" when the focus is not in a field
 * (where it is typed as a character).
 */
export const SEARCH_SHORTCUT_KEYS = 'Control+K Meta+K /';

function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as Partial<Pick<HTMLElement, 'tagName' | 'isContentEditable'>> | null;
  if (!element) return false;
  return element.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName ?? '');
}

/** Pure: whether a keydown opens the search. */
export function opensSearch(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>,
): boolean {
  if (event.altKey) return false;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTypingTarget(event.target);
}
