/**
 * English interface texts, whole. They live in two parts, each loaded only by the screens that
 * need it (decision 026): parts/en-start.ts (the screens people arrive on, and every layout) and
 * parts/en-account.ts (the account screens). Every other language's parts are typed against these.
 */
import account from './parts/en-account.ts';
import start from './parts/en-start.ts';

const en = { ...start, ...account };

export default en;
export type UiMessages = typeof en;
