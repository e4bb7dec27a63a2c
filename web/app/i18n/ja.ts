// The whole catalogue; the app loads it in parts (parts/ja-start.ts, parts/ja-account.ts).

import type { UiMessages } from './en.ts';
import account from './parts/ja-account.ts';
import start from './parts/ja-start.ts';

const ja: UiMessages = { ...start, ...account };

export default ja;
