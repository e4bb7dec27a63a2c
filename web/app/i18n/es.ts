// The whole catalogue; the app loads it in parts (parts/es-start.ts, parts/es-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/es-account.ts';
import start from './parts/es-start.ts';

const es: UiMessages = { ...start, ...account };

export default es;
