/**
 * The twin of `inputs.action-yml.test.ts`: the local runner's flags against the action's input
 * definitions. Every input of `action.yml` is either offered as a flag (parsed by the input's own
 * definition, with the input's default), offered with a local meaning, or deliberately left out,
 * each with the reason; a new input fails here until someone decides which.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLI_OPTIONS, INPUT_FLAGS, loadCliConfig } from '../../../src/cli/cli-config.js';
import { CliError } from '../../../src/cli/cli-error.js';
import { HELP } from '../../../src/cli/help.js';
import { INPUT_DEFAULTS, INPUT_NAMES, type InputName, parseInputValue } from '../../../src/inputs.js';
import { DOCUMENTED_CLI_FLAGS } from '../../helpers/cli-flags.js';

/** Inputs with a flag that means something else locally, and why. */
const LOCAL_MEANING: Partial<Record<InputName, string>> = {
  prompt: '--prompt is the task itself (or --issue-file), not an override of an event text',
  'output-schema':
    '--output-schema reads a file from disk (or inline JSON); the action reads its file from the trusted branch',
};

/** Inputs the local runner deliberately does not offer, and why. */
const NOT_LOCAL: Partial<Record<InputName, string>> = {
  'api-key': 'the key comes from OPENAI_API_KEY: a flag would land in the shell history and in ps',
  'github-token': 'a local run never contacts GitHub',
  'trigger-phrase': 'there is no event: the task is given on the command line',
  label: 'there is no event: the task is given on the command line',
  'min-permission': 'the person at the terminal owns the checkout; nobody else starts the run',
  'branch-prefix': 'the local branch is always agent/local-<timestamp>, named for the run that made it',
  draft:
    'nothing is opened: pull-request.json says draft when verification failed or the agent stopped early',
  'ci-workflow': 'CI runs on GitHub after a push; nothing is pushed',
  'ci-rounds': 'CI runs on GitHub after a push; nothing is pushed',
  'commit-signing': 'the commit is made with the local git identity; nothing is pushed',
  labels: 'labels belong to a pull request on GitHub',
  reviewers: 'reviewers belong to a pull request on GitHub',
  'co-author': 'there is no requester other than the local git identity',
  images: "an issue's images are downloaded from GitHub; an issue file's are not",
  'upload-transcript': 'the transcript is written to the output folder',
  'otel-endpoint': 'a trace describes a workflow run (run, job, repository); a local run has none',
  'otel-headers': 'see otel-endpoint',
  'otel-content': 'see otel-endpoint',
  'plan-first': 'plans are comments on a GitHub issue',
  'auto-merge': 'merging is a GitHub operation',
  'merge-method': 'merging is a GitHub operation',
  'oidc-provider': "OIDC exchanges a GitHub Actions job's token, which a shell does not have",
  'oidc-audience': 'see oidc-provider',
  'oidc-token-url': 'see oidc-provider',
  'oidc-options': 'see oidc-provider',
};

/** Values an input may refuse; the first one it does is the flag's bad value below. */
const CANDIDATES = ['not-a-value', '-1', '0', 'x/y', '{', '/abs', 'https://x.example/v1 spaces', '$(x)'];

/** A value an input that takes any text accepts as the local runner does (an empty map of MCP servers). */
const ACCEPTED: Partial<Record<InputName, string>> = { 'mcp-servers': '{}' };

const load = (argv: string[]) => loadCliConfig(['--prompt', 'task', ...argv], {}, '/work', '/tmp');

describe('the local runner flags and src/inputs.ts', () => {
  const flagged = Object.values(INPUT_FLAGS) as InputName[];

  it('decide for every input of action.yml: a flag, a local meaning, or left out with a reason', () => {
    const decided = [...flagged, ...Object.keys(LOCAL_MEANING), ...Object.keys(NOT_LOCAL)];
    assert.deepEqual([...decided].sort(), [...INPUT_NAMES].sort(), 'each input decided exactly once');
    for (const [name, reason] of Object.entries({ ...LOCAL_MEANING, ...NOT_LOCAL }))
      assert.ok(reason && reason.length > 10, `${name} needs a reason`);
  });

  for (const [flag, input] of Object.entries(INPUT_FLAGS) as [string, InputName][]) {
    it(`--${flag} stands for ${input}: same default, same parser, documented`, () => {
      const option = CLI_OPTIONS[flag];
      assert.ok(option, `--${flag} is not a flag of the local runner`);
      if (option.multiple) assert.deepEqual(option.default, [], `--${flag} starts empty`);
      else assert.equal(option.default, INPUT_DEFAULTS[input], `default of --${flag}`);
      assert.ok(HELP.includes(`--${flag}`), `--help documents --${flag}`);
      assert.ok(
        (DOCUMENTED_CLI_FLAGS as readonly string[]).includes(`--${flag}`),
        `--${flag} in cli-flags.ts`,
      );
      const bad = CANDIDATES.find((value) => 'problem' in parseInputValue(input, value));
      if (bad === undefined) {
        // An input that takes any text: the flag takes it too.
        assert.doesNotThrow(() => load([`--${flag}`, ACCEPTED[input] ?? CANDIDATES[0]!]));
        return;
      }
      const expected = parseInputValue(input, bad, `--${flag}`);
      assert.ok('problem' in expected);
      assert.throws(
        () => load([`--${flag}=${bad}`]),
        (error: unknown) => error instanceof CliError && error.message === expected.problem,
        `--${flag} ${bad} is refused with ${input}'s own message`,
      );
    });
  }
});
