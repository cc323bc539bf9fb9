/**
 * An issue fixed through the built action with `sandbox: auto`, in this process's runner mode
 * (root, a runner user with passwordless sudo, or one without; see `runner-mode.ts`): bash
 * creates, copies and renames files, the file tools then edit them, and the change reaches the
 * pull request; every read-only git command the policy allows succeeds through the bash tool; and
 * a file bash makes owner-only is read and edited by the very next tool calls (the hand-back that
 * runs after each command is awaited before the file tools touch the workspace).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';
import { GIT_READ_COMMANDS } from '../helpers/git-read-commands.js';
import { EXPECTED_LEVEL, runnerMode } from '../helpers/runner-mode.js';

const mode = runnerMode();
const h = useHarness();

const MAKE = [
  'mkdir -p src/gen/deep/er',
  'cp src/greet.js src/gen/deep/er/copy.js',
  'cp -r src/gen/deep src/gen/copied',
  'echo "export const x = 0;" > src/gen/tmp.js',
  'mv src/gen/tmp.js src/gen/deep/renamed.js',
  'chmod 600 src/gen/deep/renamed.js',
].join(' && ');

/** Tool results the model received, in call order, as `[call arguments, result]`. */
function toolResults(): { command: string; content: string }[] {
  const last = h.openai.requests.at(-1)!.body.messages as {
    role: string;
    content: string;
    tool_call_id?: string;
    tool_calls?: { id: string; function: { arguments: string } }[];
  }[];
  const calls = new Map(
    last.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, JSON.parse(c.function.arguments)]),
  );
  return last
    .filter((m) => m.role === 'tool')
    .map((m) => ({ command: String(calls.get(m.tool_call_id!)?.command ?? ''), content: String(m.content) }));
}

describe(`an issue fixed in the sandbox as a ${mode} runner (${EXPECTED_LEVEL[mode]})`, () => {
  it('files bash creates, copies and renames are edited by the file tools and land in the PR; git works', async () => {
    const issue = h.github.state.addIssue({ title: 'Generate', body: 'Add generated files.', user: 'alice' });
    const git = reply();
    for (const command of GIT_READ_COMMANDS) git.tool('bash', { command });
    h.openai.enqueue(
      reply().tool('bash', { command: MAKE }),
      git,
      reply()
        .tool('read_file', { path: 'src/gen/deep/er/copy.js' })
        .tool('read_file', { path: 'src/gen/copied/er/copy.js' })
        .tool('read_file', { path: 'src/gen/deep/renamed.js' }),
      reply()
        .tool('edit_file', { path: 'src/gen/deep/er/copy.js', old_string: "'helo'", new_string: "'hello'" })
        .tool('edit_file', { path: 'src/gen/copied/er/copy.js', old_string: "'helo'", new_string: "'hi'" })
        .tool('write_file', { path: 'src/gen/deep/renamed.js', content: 'export const x = 1;\n' }),
      reply().text('Add generated greetings'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { sandbox: 'auto' } });
    assert.equal(
      run.outputs['conclusion'],
      'pr-opened',
      run.stdout + run.stderr + JSON.stringify(toolResults().slice(0, 6), null, 1),
    );
    assert.match(
      run.summary,
      new RegExp(`\\*\\*Sandbox: \`${EXPECTED_LEVEL[mode].replace('+', '\\+')}\`\\*\\*`),
    );
    if (mode === 'user') assert.match(run.summary, /Reachable: commands run as the runner's user/);

    const results = toolResults();
    const failed = results.filter((r) => !/\[Exit code 0\./.test(r.content) && r.command !== '');
    assert.deepEqual(
      failed.map((r) => `${r.command}: ${r.content.split('\n')[0]}`),
      [],
      'every bash command succeeded',
    );
    const edits = results.filter((r) => r.command === '').slice(-3);
    for (const edit of edits) assert.doesNotMatch(edit.content, /EACCES|permission denied/i);

    const branch = run.outputs['branch']!;
    assert.equal(
      await h.github.git.readFile(branch, 'src/gen/deep/er/copy.js'),
      "export const greet = () => 'hello';\n",
    );
    assert.equal(
      await h.github.git.readFile(branch, 'src/gen/copied/er/copy.js'),
      "export const greet = () => 'hi';\n",
    );
    assert.equal(await h.github.git.readFile(branch, 'src/gen/deep/renamed.js'), 'export const x = 1;\n');
  });

  it('an owner-only file bash just made is read and edited by the very next tool calls', async () => {
    const issue = h.github.state.addIssue({ title: 'Key', body: 'Add a key module.', user: 'alice' });
    h.openai.enqueue(
      reply().tool('bash', {
        command:
          'mkdir -p src/key && echo "export const key = 1;" > src/key/key.js && chmod 600 src/key/key.js',
      }),
      reply().tool('read_file', { path: 'src/key/key.js' }),
      reply().tool('edit_file', { path: 'src/key/key.js', old_string: 'key = 1', new_string: 'key = 2' }),
      reply().text('Add the key module'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs: { sandbox: 'auto' } });
    const results = toolResults();
    assert.equal(
      run.outputs['conclusion'],
      'pr-opened',
      run.stdout + run.stderr + JSON.stringify(results, null, 1),
    );
    assert.match(results[0]!.content, /\[Exit code 0\./);
    assert.match(results[1]!.content, /export const key = 1;/, 'read right after the command');
    assert.doesNotMatch(results[2]!.content, /EACCES|permission denied|could not all be handed back/i);
    assert.equal(
      await h.github.git.readFile(run.outputs['branch']!, 'src/key/key.js'),
      'export const key = 2;\n',
    );
  });
});
