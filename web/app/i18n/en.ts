/**
 * English interface texts, whole. They live in three parts, each loaded only by the screens that
 * need it (decisions 026 and 053): parts/en-start.ts (the screens people arrive on, and every
 * layout), parts/en-steps.ts (the steps after them: the second factor, the e-mail verification,
 * a reset's new password, an app's sign-out) and parts/en-account.ts (the account screens).
 * Every other language's parts are typed against these.
 */
import account from './parts/en-account.ts';
import start from './parts/en-start.ts';
import steps from './parts/en-steps.ts';

const en = { ...start, ...steps, ...account };

export default en;
export type UiMessages = typeof en;
