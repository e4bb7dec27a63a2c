// Every named state of the screens (support/states.ts), one registry: states.spec.ts checks each,
// journeys name those they pass, and states-reached.test.ts fails on a state no journey reaches.
import type { State } from '../support/states.ts';
import { appStates } from './apps.ts';
import { phoneStates } from './phone.ts';
import { settingsStates } from './settings.ts';
import { signupStates } from './signup.ts';
import { startStates } from './start.ts';
import { teamStates } from './teams.ts';
import { twoFactorStates } from './two-factor.ts';

export const states = {
  ...startStates,
  ...signupStates,
  ...appStates,
  ...teamStates,
  ...twoFactorStates,
  ...settingsStates,
  ...phoneStates,
} satisfies Record<string, State>;

export type StateName = keyof typeof states;
