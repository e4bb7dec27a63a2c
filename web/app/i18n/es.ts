// The whole catalogue; the app loads it in parts (parts/es-start.ts, parts/es-steps.ts, parts/es-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/es-account.ts';
import start from './parts/es-start.ts';
import steps from './parts/es-steps.ts';

const es: UiMessages = { ...start, ...steps, ...account };

export default es;
