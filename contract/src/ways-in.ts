import { z } from 'zod';

/**
 * Every kind of way into an account (decision 050): what the owner's recovery names when it
 * removes one, and what a notice mail says was added or removed. The server's registry
 * (`server/src/features/auth/ways-in.ts`) has one entry for each, with its rules.
 */
export const wayInKinds = ['password', 'identity', 'panelLink', 'passkey', 'authenticator', 'recoveryCodes'] as const;
export type WayInKind = (typeof wayInKinds)[number];

/** What "This was not me" ended: the screen names each kind it removed. */
export const emailChangeCancelled = z.object({ removed: z.array(z.enum(wayInKinds)) });
export type EmailChangeCancelled = z.infer<typeof emailChangeCancelled>;
