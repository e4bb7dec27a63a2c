// The whole catalogue; the app loads it in parts (parts/it-start.ts, parts/it-steps.ts, parts/it-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/it-account.ts';
import start from './parts/it-start.ts';
import steps from './parts/it-steps.ts';

const it: UiMessages = { ...start, ...steps, ...account };

export default it;
