/**
 * Invitation enumerations (docs/data-model.md, "Entities"), apart from the request schema so that code which only needs
 * the values (the functions' invitation entity) does not load zod.
 */

export const INVITATION_TYPES = ['email', 'sms'] as const;
export type InvitationType = (typeof INVITATION_TYPES)[number];
