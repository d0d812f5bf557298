/** A failure the user can act on: its message is printed as is, with the exit code given. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** Wrong or missing arguments: exit code 2. */
export const usageError = (message: string) => new CliError(message, 2);
