/**
 * A problem the user can fix (a flag, the key, the repository, the endpoint): printed as one line
 * that names the fix, exit code 2. Anything else that throws is a bug and keeps its stack.
 */
export class CliError extends Error {
  readonly exitCode = 2;

  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
