import { CadenceApiError } from '@cadence/core';
import { CliError } from './errors';
import { color } from './output';
import { buildProgram, CommanderError } from './program';

/** The one place errors become messages and exit codes: 0 success, 1 failure, 2 usage. */
export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version end here too, with code 0; commander has already printed.
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof CliError) {
      process.stderr.write(`${color.red('error')} ${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof CadenceApiError) {
      const details = err.details.map((d) => `\n  ${d.path}: ${d.message}`).join('');
      process.stderr.write(`${color.red('error')} ${err.message}${details}\n`);
      return 1;
    }
    if ((err as { name?: string }).name === 'ExitPromptError') {
      process.stderr.write('Cancelled\n');
      return 1;
    }
    process.stderr.write(`${color.red('error')} ${(err as Error)?.stack ?? String(err)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
