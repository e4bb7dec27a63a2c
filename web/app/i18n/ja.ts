// The whole catalogue; the app loads it in parts (parts/ja-start.ts, parts/ja-steps.ts, parts/ja-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/ja-account.ts';
import start from './parts/ja-start.ts';
import steps from './parts/ja-steps.ts';

const ja: UiMessages = { ...start, ...steps, ...account };

export default ja;
