import { ConfigError } from '../config.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs an admin command and exits with its code. A refusal the command foresees (a bad setting,
 * a wrong key, a database it will not touch) prints its own message; anything else prints
 * `failure` (which says what was left unchanged) and the cause. Either way the exit code is 1.
 */
export function runCommand(
  main: () => Promise<number>,
  options: { refusals: ErrorClass[]; failure: string },
): void {
  const refusals = [ConfigError, ...options.refusals];
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (refusals.some((refusal) => error instanceof refusal)) {
        console.error((error as Error).message);
      } else {
        console.error(`${options.failure}:`, error instanceof Error ? error.message : error);
      }
      process.exit(1);
    },
  );
}
