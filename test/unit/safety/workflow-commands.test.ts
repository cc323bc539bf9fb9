import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  neutraliseWorkflowCommands,
  newStopToken,
  printUntrusted,
  registerSecrets,
} from '../../../src/safety/workflow-commands.js';
import { hostileTexts as corpus } from '../../helpers/hostile-texts.js';
import { parseWorkflowCommands } from '../../helpers/workflow-command-parser.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const moduleUrl = new URL('../../../src/safety/workflow-commands.ts', import.meta.url).href;

type Mode = 'block' | 'neutralise' | 'raw';
const MODES: Mode[] = ['raw', 'block', 'neutralise'];
const SECTION = '=== section boundary ===';

/**
 * Runs one real node process that prints every text in each mode the way the action would
 * (between two of the action's own `::notice::` annotations) and returns its stdout per mode,
 * as the runner would read it.
 */
function printInChild(texts: string[]): Record<Mode, string> {
  const script = `
    import { printUntrusted, neutraliseWorkflowCommands } from ${JSON.stringify(moduleUrl)};
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const texts = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    for (const mode of ${JSON.stringify(MODES)}) {
      process.stdout.write(${JSON.stringify(`${SECTION}\n`)});
      texts.forEach((text, i) => {
        process.stdout.write('::notice::before ' + i + '\\n');
        if (mode === 'block') printUntrusted(text);
        else if (mode === 'neutralise') process.stdout.write(neutraliseWorkflowCommands(text) + '\\n');
        else process.stdout.write(text + '\\n');
        process.stdout.write('::notice::after ' + i + '\\n');
      });
    }
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    input: JSON.stringify(texts),
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(child.status, 0, child.stderr);
  const [, raw, block, neutralise] = child.stdout.split(`${SECTION}\n`);
  assert.ok(raw !== undefined && block !== undefined && neutralise !== undefined, child.stdout.slice(0, 200));
  return { raw, block, neutralise };
}

function expectedNotices(count: number): string[] {
  return Array.from({ length: count }, (_, i) => [`before ${i}`, `after ${i}`]).flat();
}

const texts = corpus.entries.map((entry) => entry.text);
let printed: Record<Mode, string> | undefined;
const stdoutOf = (mode: Mode): string => {
  printed ??= printInChild(texts);
  return printed[mode];
};

describe('untrusted text printed to the runner log (log path, real child process)', () => {
  it('raw printing of the corpus would inject commands (the corpus and parser bite)', () => {
    const parsed = parseWorkflowCommands(stdoutOf('raw'));
    assert.equal(parsed.outputs['conclusion'], 'pwned');
    assert.ok(parsed.paths.includes('/tmp/evil'));
    assert.ok(parsed.masks.length > 0);
    assert.ok(parsed.commands.length > 2 * texts.length);
  });

  for (const mode of ['block', 'neutralise'] as const) {
    it(`${mode}: no line of the corpus takes effect, the action's own annotations still do`, () => {
      const stdout = stdoutOf(mode);
      for (const ignoreIgnorables of [true, false]) {
        const parsed = parseWorkflowCommands(stdout, { ignoreIgnorables });
        assert.deepEqual(
          parsed.commands.map((c) => `${c.name} ${c.data}`),
          expectedNotices(texts.length).map((data) => `notice ${data}`),
        );
        assert.deepEqual(parsed.outputs, {});
        assert.deepEqual(parsed.env, {});
        assert.deepEqual(parsed.paths, []);
        assert.deepEqual(parsed.masks, []);
        assert.equal(parsed.stoppedAtEnd, false);
        assert.equal(parsed.stopBlocks, mode === 'block' ? texts.length : 0);
      }
      for (const entry of corpus.entries) {
        for (const needle of entry.log?.present ?? [])
          assert.ok(stdout.includes(needle), `${entry.id}: ${needle}`);
      }
    });
  }

  it('per entry, in block mode, only the entry is stopped and resumed', () => {
    for (const entry of corpus.entries) {
      let out = '';
      printUntrusted(entry.text, (s) => {
        out += s;
      });
      const parsed = parseWorkflowCommands(`${out}::set-output name=ours::ok\n`);
      assert.deepEqual(parsed.outputs, { ours: 'ok' }, entry.id);
      assert.equal(parsed.stopBlocks, 1, entry.id);
    }
  });
});

describe('printUntrusted', () => {
  it('writes one block with a fresh unguessable token and the text on its own lines', () => {
    const writes: string[] = [];
    printUntrusted('hello\nworld\n', (s) => writes.push(s));
    printUntrusted('hello', (s) => writes.push(s));
    assert.equal(writes.length, 2);
    const [first, second] = writes as [string, string];
    const token = /^::stop-commands::(agent-[0-9a-f]{32})\n/.exec(first)?.[1];
    assert.ok(token);
    assert.equal(first, `::stop-commands::${token}\nhello\nworld\n::${token}::\n`);
    assert.ok(!second.includes(token), 'tokens are not reused');
    assert.notEqual(newStopToken(), newStopToken());
  });
});

describe('neutraliseWorkflowCommands', () => {
  it('leaves ordinary lines alone and defuses command lines visibly but harmlessly', () => {
    assert.equal(neutraliseWorkflowCommands('plain: text :: with colons'), 'plain: text :: with colons');
    assert.equal(neutraliseWorkflowCommands('a\r\nb\rc'), 'a\nb\nc');
    assert.equal(neutraliseWorkflowCommands('  ::error::x'), '  \u2800::error::x');
    assert.equal(neutraliseWorkflowCommands('x ##[warning]y'), 'x ##\u2800[warning]y');
    assert.equal(neutraliseWorkflowCommands('\u200B::add-mask::z'), '\u2800::add-mask::z');
  });
});

describe('registerSecrets', () => {
  it('registers each distinct non-empty value', () => {
    const seen: string[] = [];
    registerSecrets(['ghs_a', '', '  ', 'ghs_a', 'sk-b'], (value) => seen.push(value));
    assert.deepEqual(seen, ['ghs_a', 'sk-b']);
  });

  it('uses core.setSecret by default, which the runner reads as add-mask', () => {
    const helper = new URL('../../../src/safety/workflow-commands.ts', import.meta.url).href;
    const script = `import { registerSecrets } from ${JSON.stringify(helper)};
      registerSecrets(['ghs_first', 'multi\\nline', 'ghs_first']);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(parseWorkflowCommands(child.stdout).masks, ['ghs_first', 'multi\nline']);
  });
});

describe('workflow-command parser (test helper)', () => {
  it('honours stop-commands tokens and the legacy form', () => {
    const stdout = [
      '::stop-commands::tok',
      '::set-output name=a::1',
      '::guess::',
      '::tok::',
      '::set-output name=b::2',
      'text ##[add-path]/p',
      '::stop-commands::never-resumed',
      '::add-mask::m',
    ].join('\n');
    const parsed = parseWorkflowCommands(stdout);
    assert.deepEqual(parsed.outputs, { b: '2' });
    assert.deepEqual(parsed.paths, ['/p']);
    assert.deepEqual(parsed.masks, []);
    assert.equal(parsed.stopBlocks, 1);
    assert.equal(parsed.stoppedAtEnd, true);
  });
});
