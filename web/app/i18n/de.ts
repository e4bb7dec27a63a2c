// The whole catalogue; the app loads it in parts (parts/de-start.ts, parts/de-steps.ts, parts/de-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/de-account.ts';
import start from './parts/de-start.ts';
import steps from './parts/de-steps.ts';

const de: UiMessages = { ...start, ...steps, ...account };

export default de;
