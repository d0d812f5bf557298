import { usageError } from './errors';

export interface Prompter {
  interactive: boolean;
  input(message: string, defaultValue?: string): Promise<string>;
  password(message: string): Promise<string>;
  confirm(message: string): Promise<boolean>;
}

/**
 * Prompts only on a terminal, and only for what is missing; in a script a missing value is a
 * usage error that names the flag to pass instead.
 */
export function createPrompter(interactive = !!process.stdin.isTTY && !!process.stderr.isTTY): Prompter {
  const needTty = (what: string) => usageError(`${what} is missing and there is no terminal to ask on; pass it as a flag`);
  return {
    interactive,
    async input(message, defaultValue) {
      if (!interactive) throw needTty(message);
      const { input } = await import('@inquirer/prompts');
      return input({ message, ...(defaultValue ? { default: defaultValue } : {}) }, { output: process.stderr });
    },
    async password(message) {
      if (!interactive) throw needTty(`${message} (use --password-stdin)`);
      const { password } = await import('@inquirer/prompts');
      return password({ message, mask: true }, { output: process.stderr });
    },
    async confirm(message) {
      if (!interactive) throw usageError(`${message} Pass --yes to confirm in a script.`);
      const { confirm } = await import('@inquirer/prompts');
      return confirm({ message, default: false }, { output: process.stderr });
    },
  };
}
