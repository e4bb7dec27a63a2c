// The whole catalogue; the app loads it in parts (parts/it-start.ts, parts/it-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/it-account.ts';
import start from './parts/it-start.ts';

const it: UiMessages = { ...start, ...account };

export default it;
