/**
 * Enter in a panel nested in a larger form (the desk's Programs and Compare panels and its payment grid sit inside
 * the deal form): the browser's implicit submission would save the whole form. A panel's fields are its own tools,
 * so Enter in one does the panel's action, if it has one, and never submits the form around it
 * (docs/decisions.md, "Programs").
 *
 *   <section onKeyDown={enterStaysInPanel()}>…</section>          every field of the panel
 *   <Input onKeyDown={enterStaysInPanel(() => refresh())} />       a field whose Enter does something
 */
import type { KeyboardEvent } from 'react';

/** Input types the browser submits a form from on Enter: every one but the buttons (Enter clicks those). */
const BUTTON_TYPES = new Set(['button', 'submit', 'reset', 'image']);

/** A keydown handler: Enter in an input (not a button) runs `action` instead of submitting the surrounding form. */
export function enterStaysInPanel(action?: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target;
    // Enter confirming an input method's composition (Japanese, Chinese) is not a submit.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.defaultPrevented) return;
    if (!(target instanceof HTMLInputElement) || BUTTON_TYPES.has(target.type)) return;
    event.preventDefault();
    action?.();
  };
}
