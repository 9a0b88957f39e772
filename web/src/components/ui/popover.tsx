/**
 * Popover (Radix): a trigger and a floating panel that traps nothing, closes on Escape or an outside click, and
 * gives focus back to its trigger. Name the panel (`aria-label`): assistive technology announces it as a dialog.
 * The panel renders in place rather than in a portal, so fields inside it stay inside their <form> (submit on
 * Enter, the form binding's field order); Radix positions it with `fixed`.
 */
import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import styles from './pickers.module.css';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({
  className,
  sideOffset = 6,
  // Kept this far from the window's edges when Radix shifts it to fit (a phone's bell panel, a picker at the edge).
  collisionPadding = 8,
  align = 'start',
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Content
      sideOffset={sideOffset}
      collisionPadding={collisionPadding}
      align={align}
      className={[styles.popover, className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
