/**
 * What a command says. The answer goes to stdout (JSON with `--json`, lines otherwise), so a
 * script can read it; notes for the person at the terminal go to stderr; `fail` sets exit code 1
 * for a command that ran but found something wrong (`audit verify` on a broken chain).
 */
export interface CliOut {
  print(object: unknown, human: string[]): void;
  /** One line of an answer that streams (`webhook listen`). */
  line(text: string): void;
  note(text: string): void;
  fail(): void;
}
