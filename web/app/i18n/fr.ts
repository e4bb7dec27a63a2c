// The whole catalogue; the app loads it in parts (parts/fr-start.ts, parts/fr-steps.ts, parts/fr-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/fr-account.ts';
import start from './parts/fr-start.ts';
import steps from './parts/fr-steps.ts';

const fr: UiMessages = { ...start, ...steps, ...account };

export default fr;
