import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configSecrets, InputError, loadConfig } from '../../src/inputs.js';
import { inputVariables, RUNNER_ENV } from '../helpers/runner-env.js';

function problemsFor(inputs: Record<string, string>): string[] {
  const env = { ...RUNNER_ENV, ...inputVariables(inputs) };
  try {
    loadConfig(env, 'linux');
  } catch (error) {
    assert.ok(error instanceof InputError, `expected InputError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail('expected the config to be refused');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(RUNNER_ENV, 'linux');
    assert.equal(config.limits.maxTurns, 40);
    assert.equal(config.limits.maxTokens, 1_000_000);
    assert.equal(config.limits.timeoutMinutes, 20);
    assert.equal(config.triggerPhrase, '/agent');
    assert.equal(config.label, 'agent');
    assert.equal(config.mode, 'auto');
    assert.equal(config.minPermission, 'write');
    assert.equal(config.branchPrefix, 'agent/');
    assert.equal(config.draft, false);
    assert.equal(config.ci.rounds, 0);
    assert.equal(config.ci.workflow, undefined);
    assert.equal(config.sandbox, 'auto');
    assert.equal(config.network, 'off');
    assert.equal(config.llm.baseUrl, 'https://api.openai.com/v1');
    assert.equal(config.llm.apiKey, '');
    assert.deepEqual(config.runner.repository, { owner: 'octo-org', repo: 'octo-repo' });
    assert.equal(config.runner.runId, 77);
  });

  it('parses given values, trimming them as @actions/core does', () => {
    const config = loadConfig(
      {
        ...RUNNER_ENV,
        'INPUT_MAX-TURNS': ' 12 ',
        INPUT_DRAFT: 'True',
        'INPUT_BASE-URL': 'http://127.0.0.1:8080/v1/',
        'INPUT_ALLOWED-COMMANDS': 'cargo clippy *\n\n# a comment\n make lint \n',
        'INPUT_CI-WORKFLOW': 'ci.yml',
        'INPUT_CI-ROUNDS': '2',
        INPUT_NETWORK: 'on',
        INPUT_PROMPT: 'fix it',
      },
      'linux',
    );
    assert.equal(config.limits.maxTurns, 12);
    assert.equal(config.draft, true);
    assert.equal(config.llm.baseUrl, 'http://127.0.0.1:8080/v1');
    assert.deepEqual(config.allowedCommands, ['cargo clippy *', 'make lint']);
    assert.equal(config.ci.workflow, 'ci.yml');
    assert.equal(config.ci.rounds, 2);
    assert.equal(config.network, 'on');
    assert.equal(config.prompt, 'fix it');
  });

  const badInputs: [string, string, string][] = [
    ['max-turns', 'ten', 'max-turns must be a whole number from 1 to 500, got "ten"'],
    ['max-turns', '0', 'max-turns must be a whole number from 1 to 500, got "0"'],
    ['max-turns', '2.5', 'max-turns must be a whole number from 1 to 500, got "2.5"'],
    ['max-tokens', '-5', 'max-tokens must be a whole number from 1000 to 100000000, got "-5"'],
    ['timeout-minutes', '999', 'timeout-minutes must be a whole number from 1 to 360, got "999"'],
    ['ci-rounds', 'many', 'ci-rounds must be a whole number from 0 to 10, got "many"'],
    ['mode', 'yolo', 'mode must be one of auto, pr, comment, review, got "yolo"'],
    [
      'min-permission',
      'owner',
      'min-permission must be one of read, triage, write, maintain, admin, got "owner"',
    ],
    ['sandbox', 'none', 'sandbox must be one of auto, strict, off, got "none"'],
    ['network', 'yes', 'network must be one of off, allowlist, on, got "yes"'],
    ['api', 'grpc', 'api must be one of auto, responses, chat-completions, got "grpc"'],
    [
      'reasoning-effort',
      'max',
      'reasoning-effort must be empty or one of none, minimal, low, medium, high, xhigh, got "max"',
    ],
    [
      'context-window',
      '4k',
      'context-window must be empty or a whole number from 1000 to 10000000, got "4k"',
    ],
    [
      'prices',
      '1.25/10',
      'prices must be empty or USD per million tokens as input/cached-input/output, e.g. 1.25/0.125/10, got "1.25/10"',
    ],
    [
      'max-cost-usd',
      '$2',
      'max-cost-usd must be empty or an amount in US dollars greater than 0, e.g. 2.50, got "$2"',
    ],
    [
      'max-cost-usd',
      '0',
      'max-cost-usd must be empty or an amount in US dollars greater than 0, e.g. 2.50, got "0"',
    ],
    ['commit-signing', 'gpg', 'commit-signing must be one of auto, api, git, got "gpg"'],
    ['co-author', 'me', 'co-author must be one of requester, none, got "me"'],
    [
      'reviewers',
      'octocat, @bad',
      'reviewers must be user logins and org/team names separated by commas, e.g. octocat, octo-org/reviewers, got "octocat, @bad"',
    ],
    [
      'allowed-domains',
      'npm, http://evil.example',
      'allowed-domains must be hosts separated by commas or newlines: example.com, *.example.com, host:port, an IP literal, or a preset (npm, pypi, go, crates, maven, rubygems, github), got "npm, http://evil.example"',
    ],
    ['draft', 'yes', 'draft must be true or false, got "yes"'],
    [
      'base-url',
      'ftp://x',
      'base-url must be an http(s) URL such as https://api.openai.com/v1, got "ftp://x"',
    ],
    [
      'base-url',
      'not a url',
      'base-url must be an http(s) URL such as https://api.openai.com/v1, got "not a url"',
    ],
    [
      'trigger-phrase',
      '/agent please',
      'trigger-phrase must be a single word without spaces such as /agent, got "/agent please"',
    ],
    [
      'branch-prefix',
      '../evil',
      'branch-prefix must be a branch-name prefix of letters, digits, ".", "_", "-" and "/" such as agent/, got "../evil"',
    ],
    [
      'branch-prefix',
      '/abs',
      'branch-prefix must be a branch-name prefix of letters, digits, ".", "_", "-" and "/" such as agent/, got "/abs"',
    ],
    [
      'ci-workflow',
      '../../x.yml',
      'ci-workflow must be a workflow file name in .github/workflows such as ci.yml, or a workflow id, got "../../x.yml"',
    ],
  ];
  for (const [name, value, message] of badInputs) {
    it(`refuses ${name}=${JSON.stringify(value)} naming the input, the value and what is accepted`, () => {
      assert.deepEqual(problemsFor({ [name]: value }), [message]);
    });
  }

  it('parses the provider, cost, publishing and network inputs', () => {
    const config = loadConfig(
      {
        ...RUNNER_ENV,
        INPUT_API: 'responses',
        'INPUT_REASONING-EFFORT': 'none',
        'INPUT_CONTEXT-WINDOW': '8000',
        INPUT_PRICES: '1.25/0.125/10',
        'INPUT_MAX-COST-USD': '2.50',
        'INPUT_COMMIT-SIGNING': 'git',
        INPUT_LABELS: 'agent, needs review\nbot',
        INPUT_REVIEWERS: 'octocat, octo-org/core-team',
        'INPUT_CO-AUTHOR': 'none',
        INPUT_NETWORK: 'allowlist',
        'INPUT_ALLOWED-DOMAINS': 'npm\n*.Example.com, 127.10.0.2:4873,[::1]:8080',
      },
      'linux',
    );
    assert.equal(config.llm.api, 'responses');
    assert.equal(config.llm.reasoningEffort, 'none');
    assert.equal(config.llm.contextWindow, 8000);
    assert.deepEqual(config.llm.prices, { input: 1.25, cachedInput: 0.125, output: 10 });
    assert.equal(config.limits.maxCostUsd, 2.5);
    assert.deepEqual(config.publishing, {
      commitSigning: 'git',
      labels: ['agent', 'needs review', 'bot'],
      reviewers: { users: ['octocat'], teams: ['core-team'] },
      coAuthor: 'none',
    });
    assert.equal(config.network, 'allowlist');
    assert.deepEqual(config.allowedDomains, ['npm', '*.example.com', '127.10.0.2:4873', '[::1]:8080']);
  });

  it('refuses max-cost-usd for a model without a price, naming prices', () => {
    const env = { ...RUNNER_ENV, INPUT_MODEL: 'my-local-model', 'INPUT_MAX-COST-USD': '1' };
    assert.throws(
      () => loadConfig(env, 'linux'),
      (error: Error) =>
        error instanceof InputError &&
        /max-cost-usd is set but model "my-local-model" has no known price/.test(error.message) &&
        /set the `prices` input/.test(error.message),
    );
    // A table model, or prices given, is enough.
    assert.equal(loadConfig({ ...env, INPUT_MODEL: 'openai/gpt-4.1' }, 'linux').limits.maxCostUsd, 1);
    assert.equal(loadConfig({ ...env, INPUT_PRICES: '1/0.1/2' }, 'linux').limits.maxCostUsd, 1);
  });

  it('leaves the new optional inputs unset and applies their defaults', () => {
    const config = loadConfig(RUNNER_ENV, 'linux');
    assert.equal(config.llm.api, 'auto');
    assert.equal(config.llm.reasoningEffort, undefined);
    assert.equal(config.llm.contextWindow, undefined);
    assert.equal(config.llm.prices, undefined);
    assert.equal(config.limits.maxCostUsd, undefined);
    assert.deepEqual(config.publishing, {
      commitSigning: 'auto',
      labels: [],
      reviewers: { users: [], teams: [] },
      coAuthor: 'requester',
    });
    assert.deepEqual(config.allowedDomains, []);
  });

  it('reports every bad input at once', () => {
    const problems = problemsFor({ 'max-turns': 'ten', mode: 'yolo' });
    assert.equal(problems.length, 2);
  });

  it('refuses an empty github-token', () => {
    const env = { ...RUNNER_ENV, 'INPUT_GITHUB-TOKEN': '' };
    assert.throws(() => loadConfig(env, 'linux'), /github-token must be a token/);
  });

  it('names missing runner variables', () => {
    assert.throws(
      () => loadConfig({ 'INPUT_GITHUB-TOKEN': 'x' }, 'linux'),
      (error: unknown) =>
        error instanceof InputError &&
        error.problems.some((p) => p.startsWith('GITHUB_REPOSITORY is not set')) &&
        error.problems.some((p) => p.startsWith('RUNNER_TEMP is not set')),
    );
  });

  it('does not read the environment at import time', async () => {
    const before = process.env['INPUT_MAX-TURNS'];
    process.env['INPUT_MAX-TURNS'] = 'ten';
    try {
      const fresh = await import(`../../src/inputs.js?fresh=${Date.now()}`);
      assert.equal(typeof fresh.loadConfig, 'function');
      // Nothing was captured at import: an explicit env sees the default, the ambient one is read on call.
      assert.equal(fresh.loadConfig(RUNNER_ENV, 'linux').limits.maxTurns, 40);
      assert.throws(() => fresh.loadConfig(), /max-turns must be a whole number from 1 to 500, got "ten"/);
    } finally {
      if (before === undefined) delete process.env['INPUT_MAX-TURNS'];
      else process.env['INPUT_MAX-TURNS'] = before;
    }
  });
});

describe('loadConfig: mcp-servers', () => {
  it('resolves `$NAME` from the step environment and counts the value among the run’s secrets', () => {
    const env = {
      ...RUNNER_ENV,
      ...inputVariables({
        'api-key': 'sk-key',
        'mcp-servers': 'docs: { url: https://d.example/mcp, headers: { X-Key: $DOCS_KEY } }',
      }),
      DOCS_KEY: 'docs-secret-42',
    };
    const config = loadConfig(env, 'linux');
    assert.equal(config.mcp.servers[0]?.kind, 'http');
    assert.deepEqual(configSecrets(config), [config.githubToken, 'sk-key', 'docs-secret-42']);
    assert.deepEqual(loadConfig(RUNNER_ENV, 'linux').mcp, { servers: [], secrets: [] });
  });

  it('refuses a server whose variable the step does not set, naming the input', () => {
    const [problem] = problemsFor({ 'mcp-servers': 's: { command: x, env: { T: $NOT_SET } }' });
    assert.match(problem!, /^mcp-servers: server "s", env\.T names \$NOT_SET, which is not set/);
  });
});

describe('loadConfig: transcript artifact and telemetry', () => {
  it('uploads by default where the runner has the artifact service, and sends no trace', () => {
    const config = loadConfig(RUNNER_ENV, 'linux');
    assert.equal(config.uploadTranscript, true);
    assert.equal(config.telemetry, undefined);
    assert.equal(config.runner.artifactService, false);
    const hosted = loadConfig(
      { ...RUNNER_ENV, ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_RESULTS_URL: 'https://r/' },
      'linux',
    );
    assert.equal(hosted.runner.artifactService, true);
    const off = loadConfig({ ...RUNNER_ENV, ...inputVariables({ 'upload-transcript': 'False' }) }, 'linux');
    assert.equal(off.uploadTranscript, false);
  });

  it('reads otel-headers values from the named variables and counts them among the secrets', () => {
    const env = {
      ...RUNNER_ENV,
      ...inputVariables({
        'api-key': 'sk-key',
        'otel-endpoint': 'https://otel.example.test:4318/',
        'otel-headers': 'x-honeycomb-team=$HONEYCOMB_KEY\n# a comment\n',
        'otel-content': 'true',
      }),
      HONEYCOMB_KEY: 'hc-secret-9',
    };
    const config = loadConfig(env, 'linux');
    assert.deepEqual(config.telemetry, {
      tracesUrl: 'https://otel.example.test:4318/v1/traces',
      headers: { 'x-honeycomb-team': 'hc-secret-9' },
      content: true,
    });
    assert.ok(configSecrets(config).includes('hc-secret-9'));
  });

  it('names the input and the fix for a header without its variable, or headers without an endpoint', () => {
    const missing = {
      ...RUNNER_ENV,
      ...inputVariables({ 'otel-endpoint': 'https://o.test', 'otel-headers': 'x-key=$NOPE' }),
    };
    assert.throws(
      () => loadConfig(missing, 'linux'),
      /otel-headers names \$NOPE for x-key.*add it under the step's env/,
    );
    const orphan = { ...RUNNER_ENV, ...inputVariables({ 'otel-headers': 'x-key=$K' }), K: 'v' };
    assert.throws(() => loadConfig(orphan, 'linux'), /otel-headers is set but otel-endpoint is empty/);
    const bad = { ...RUNNER_ENV, ...inputVariables({ 'otel-endpoint': 'https://user:pw@o.test' }) };
    assert.throws(() => loadConfig(bad, 'linux'), /otel-endpoint/);
  });
});
