// The whole catalogue; the app loads it in parts (parts/pt-start.ts, parts/pt-steps.ts, parts/pt-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/pt-account.ts';
import start from './parts/pt-start.ts';
import steps from './parts/pt-steps.ts';

const pt: UiMessages = { ...start, ...steps, ...account };

export default pt;
