import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { loadCliConfig } from '../../../src/cli/cli-config.js';
import { CliError } from '../../../src/cli/cli-error.js';
import { isLocalEndpoint, probeEndpoint, requireKey } from '../../../src/cli/endpoint.js';
import { HELP } from '../../../src/cli/help.js';
import { parseIssueMarkdown } from '../../../src/cli/issue-file.js';
import { DOCUMENTED_CLI_FLAGS } from '../../helpers/cli-flags.js';

const load = (argv: string[], env: Record<string, string> = {}) => loadCliConfig(argv, env, '/work', '/tmp');

describe('loadCliConfig', () => {
  it('fills the defaults of the action and resolves paths against the cwd', () => {
    const config = load(['--repo', 'demo', '--prompt', 'fix it'], { OPENAI_API_KEY: ' sk-x ', PATH: '/bin' });
    assert.ok(!('help' in config));
    assert.equal(config.repo, '/work/demo');
    assert.deepEqual(config.task, { kind: 'prompt', text: 'fix it' });
    assert.equal(config.llm.model, 'gpt-5.5');
    assert.equal(config.llm.baseUrl, 'https://api.openai.com/v1');
    assert.equal(config.llm.apiKey, 'sk-x');
    assert.equal(config.limits.maxTurns, 40);
    assert.equal(config.sandbox, 'auto');
    assert.equal(config.outDir, undefined);
    // The key is a value for the client only; git and commands get the environment without it.
    assert.equal(config.env['OPENAI_API_KEY'], undefined);
    assert.equal(config.env['PATH'], '/bin');
  });

  it('takes every documented flag, --allow repeatable', () => {
    const config = load([
      '--issue-file=ISSUE.md',
      '--model',
      'qwen',
      '--base-url',
      'http://localhost:11434/v1/',
      '--verify',
      'npm test',
      '--max-turns',
      '7',
      '--out',
      'out',
      '--sandbox',
      'off',
      '--allow',
      'make lint',
      '--allow',
      'cargo clippy *',
    ]);
    assert.ok(!('help' in config));
    assert.deepEqual(config.task, { kind: 'issue-file', file: '/work/ISSUE.md' });
    assert.equal(config.llm.baseUrl, 'http://localhost:11434/v1');
    assert.equal(config.verifyCommand, 'npm test');
    assert.equal(config.limits.maxTurns, 7);
    assert.equal(config.outDir, '/work/out');
    assert.equal(config.sandbox, 'off');
    assert.deepEqual(config.allowedCommands, ['make lint', 'cargo clippy *']);
  });

  it('takes the model and budget flags as the action inputs parse them', () => {
    const config = load([
      '--prompt=x',
      '--api=responses',
      '--reasoning-effort=low',
      '--context-window=64000',
      '--prices=1.25/0.125/10',
      '--max-tokens=5000',
      '--timeout-minutes=7',
      '--max-cost-usd=0.5',
      '--network=allowlist',
      '--allowed-domains=npm, Example.com',
      '--instruction-files=none',
    ]);
    assert.ok(!('help' in config));
    assert.deepEqual(
      { api: config.llm.api, effort: config.llm.reasoningEffort, window: config.llm.contextWindow },
      { api: 'responses', effort: 'low', window: 64_000 },
    );
    assert.deepEqual(config.llm.prices, { input: 1.25, cachedInput: 0.125, output: 10 });
    assert.deepEqual(config.limits, { maxTurns: 40, maxTokens: 5000, timeoutMinutes: 7, maxCostUsd: 0.5 });
    assert.equal(config.network, 'allowlist');
    assert.deepEqual(config.allowedDomains, ['npm', 'example.com']);
    assert.deepEqual(config.instructionFiles, { kind: 'none' });
  });

  it('documents every flag it accepts in --help', () => {
    assert.deepEqual(load(['--help']), { help: true });
    for (const flag of DOCUMENTED_CLI_FLAGS) assert.ok(HELP.includes(flag), flag);
  });

  it('refuses bad flags with one line that names the fix', () => {
    const cases: [string[], RegExp][] = [
      [['--repo', '.'], /exactly one of --prompt .* or --issue-file/],
      [['--prompt', 'a', '--issue-file', 'b'], /exactly one of/],
      [
        ['--prompt', 'a', '--max-turns', 'ten'],
        /--max-turns must be a whole number from 1 to 500, got "ten"/,
      ],
      [['--prompt', 'a', '--sandbox', 'maybe'], /--sandbox must be one of auto, strict, off, got "maybe"/],
      [['--prompt', 'a', '--base-url', 'ftp://x'], /--base-url must be an http\(s\) URL/],
      [['--prompt', 'a', '--frobnicate'], /Unknown option '--frobnicate'.*see --help/],
      [['--prompt'], /see --help/],
      [
        ['--prompt', 'a', '--auth', 'oidc'],
        /--auth oidc needs the OIDC token of a GitHub Actions job .* pass the bearer as OPENAI_API_KEY/,
      ],
      [['--prompt', 'a', '--auth', 'key'], /--auth must be one of api-key, oidc, got "key"/],
      [
        ['--prompt', 'a', '--model', 'my-local-model', '--max-cost-usd', '1'],
        /--max-cost-usd is set but model "my-local-model" has no known price.*set `--prices`/,
      ],
      [['--prompt', 'a', '--network', 'some'], /--network must be one of off, allowlist, on, got "some"/],
      [['--prompt', 'a', '--mcp-servers=- a list'], /^--mcp-servers /],
    ];
    for (const [argv, message] of cases) {
      assert.throws(
        () => load(argv),
        (error: unknown) =>
          error instanceof CliError && message.test(error.message) && !error.message.includes('\n'),
        argv.join(' '),
      );
    }
  });
});

describe('endpoint checks', () => {
  it('treats loopback, private and single-label hosts as local', () => {
    for (const url of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8000/v1',
      'http://[::1]:8000/v1',
      'http://10.1.2.3/v1',
      'http://172.20.0.5/v1',
      'http://192.168.1.9:8000/v1',
      'http://gpu-box:8000/v1',
      'http://gpu.internal/v1',
    ]) {
      assert.equal(isLocalEndpoint(url), true, url);
    }
    for (const url of ['https://api.openai.com/v1', 'https://openrouter.ai/api/v1', 'http://172.32.0.1/v1']) {
      assert.equal(isLocalEndpoint(url), false, url);
    }
  });

  it('needs a key only for remote endpoints', () => {
    assert.doesNotThrow(() => requireKey('http://localhost:11434/v1', ''));
    assert.doesNotThrow(() => requireKey('https://api.openai.com/v1', 'sk-1'));
    assert.throws(
      () => requireKey('https://api.openai.com/v1', ''),
      /OPENAI_API_KEY is not set: export OPENAI_API_KEY/,
    );
  });

  it('accepts any HTTP answer, names a refused connection and a refused key', async () => {
    const server = createServer((req, res) => {
      res.writeHead(req.headers.authorization === 'Bearer bad' ? 401 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      await probeEndpoint(url, '');
      await assert.rejects(probeEndpoint(url, 'bad'), /refused the key \(HTTP 401\): check OPENAI_API_KEY/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // A port nothing listens on (a fresh origin, so no pooled connection is reused).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(
      probeEndpoint(closedUrl, ''),
      (error: unknown) =>
        error instanceof CliError &&
        /cannot reach the model endpoint .*ECONNREFUSED.*start the model server/.test(error.message),
    );
  });
});

describe('parseIssueMarkdown', () => {
  it('takes the first level-1 heading as the title', () => {
    assert.deepEqual(parseIssueMarkdown('# Broken sums\n\nIt adds wrong.\n', 'x'), {
      title: 'Broken sums',
      body: 'It adds wrong.',
    });
  });

  it('falls back to the first line without a heading', () => {
    assert.deepEqual(parseIssueMarkdown('\nSums are off\nsee test\n', 'x'), {
      title: 'Sums are off',
      body: 'see test',
    });
    assert.deepEqual(parseIssueMarkdown('', 'Local task'), { title: 'Local task', body: '' });
  });
});
