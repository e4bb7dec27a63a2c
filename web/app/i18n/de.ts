// The whole catalogue; the app loads it in parts (parts/de-start.ts, parts/de-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/de-account.ts';
import start from './parts/de-start.ts';

const de: UiMessages = { ...start, ...account };

export default de;
