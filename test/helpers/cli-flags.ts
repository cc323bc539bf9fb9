/** Every flag of the local runner and the variable it reads: `--help` must name each one. */
export const DOCUMENTED_CLI_FLAGS = [
  '--repo',
  '--prompt',
  '--issue-file',
  '--model',
  '--base-url',
  '--verify',
  '--max-turns',
  '--out',
  '--sandbox',
  '--allow',
  '--auth',
  '--help',
  'OPENAI_API_KEY',
] as const;
