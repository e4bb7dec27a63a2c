// The whole catalogue; the app loads it in parts (parts/ru-start.ts, parts/ru-steps.ts, parts/ru-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/ru-account.ts';
import start from './parts/ru-start.ts';
import steps from './parts/ru-steps.ts';

const ru: UiMessages = { ...start, ...steps, ...account };

export default ru;
