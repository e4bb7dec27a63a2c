// One of the argon2id threads (password-hasher.ts, decision 063). A task is one hash or one
// verification, run to its end on this thread: the thread runs at a lower CPU priority than the
// event loop, so hashing takes only what the event loop leaves.
import { hashSync, verifySync } from '@node-rs/argon2';

export type PasswordTask =
  | { kind: 'hash'; password: string; options: { memoryCost: number; timeCost: number; parallelism: number; algorithm: 2 } }
  | { kind: 'verify'; stored: string; password: string };

export default function run(task: PasswordTask): string | boolean {
  return task.kind === 'hash' ? hashSync(task.password, task.options) : verifySync(task.stored, task.password);
}
