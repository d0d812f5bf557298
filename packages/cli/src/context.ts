import type { Output } from './output';
import type { Prompter } from './prompt';
import type { GlobalOptions } from './session';

/** What every command gets: its output channels, prompts, global flags and environment. */
export interface CommandContext {
  out: Output;
  prompt: Prompter;
  globals: GlobalOptions;
  env: NodeJS.ProcessEnv;
}
