import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createTranscript } from '../../../src/agent/transcript.js';
import type { ArtifactUploader } from '../../../src/github/artifact-client.js';
import type { RunContext } from '../../../src/run/context.js';
import { transcriptArtifactName, uploadTranscriptArtifact } from '../../../src/run/transcript-artifact.js';
import { createRedactor } from '../../../src/safety/redact.js';
import type { Trigger } from '../../../src/triggers/trigger.js';

const SECRET = 'sk-artifactSecret1234567890abcdefghij';
const actor = { login: 'alice', type: 'User' };

async function setting() {
  const dir = await mkdtemp(path.join(tmpdir(), 'artifact-unit-'));
  const transcript = createTranscript({ path: path.join(dir, 'transcript-7.jsonl'), redact: (t) => t });
  transcript.write({ type: 'run-start', trigger: 'issue #3', model: 'm', limits: {} });
  transcript.write({
    type: 'turn',
    turn: 1,
    tokensIn: 10,
    tokensOut: 5,
    estimated: false,
    durationMs: 20,
    toolCalls: 0,
    attempts: 1,
    partial: false,
    text: `done with ${SECRET}`,
  });
  const logs = { info: [] as string[], warning: [] as string[] };
  const ctx = {
    config: { runner: { serverUrl: 'https://github.com', runId: 7 } },
    repo: { owner: 'o', repo: 'r' },
    redact: createRedactor([SECRET]),
    log: { info: (m: string) => logs.info.push(m), warning: (m: string) => logs.warning.push(m) },
  } as unknown as Pick<RunContext, 'config' | 'repo' | 'redact' | 'log'>;
  return { dir, transcriptPath: transcript.path, ctx, logs };
}

describe('transcriptArtifactName', () => {
  const runner = { runId: 99, runAttempt: 2, job: 'fix it' };
  it('names the trigger, the run and attempt, and the job', () => {
    const issue = { kind: 'issue', issueNumber: 5 } as Trigger;
    assert.equal(transcriptArtifactName(runner, issue as never), 'agent-transcript-issue5-run99.2-fix-it');
    const pr = { kind: 'pull-request', prNumber: 8 } as Trigger;
    assert.equal(
      transcriptArtifactName({ ...runner, job: undefined }, pr as never),
      'agent-transcript-pr8-run99.2',
    );
    const scheduled = { kind: 'dispatch', prompt: 'p', runId: 99, actor, schedule: '0 * * * *' } as const;
    assert.equal(transcriptArtifactName(runner, scheduled), 'agent-transcript-schedule-run99.2-fix-it');
  });
});

describe('uploadTranscriptArtifact', () => {
  it('uploads the JSONL, the Markdown and the patch, each redacted, and returns the artifact page', async () => {
    const { dir, transcriptPath, ctx, logs } = await setting();
    await writeFile(path.join(dir, 'changes.patch'), `+const key = '${SECRET}';\n`);
    let uploaded: { name: string; files: Record<string, string>; root: string } | undefined;
    const uploader: ArtifactUploader = {
      async upload(name, files, root) {
        const texts = await Promise.all(
          files.map(async (f) => [path.relative(root, f), await readFile(f, 'utf8')]),
        );
        uploaded = { name, files: Object.fromEntries(texts), root };
        return { id: 31, size: 1 };
      },
    };
    const url = await uploadTranscriptArtifact(ctx, { transcriptPath, name: 'the-name', uploader });
    assert.equal(url, 'https://github.com/o/r/actions/runs/7/artifacts/31');
    assert.equal(uploaded?.name, 'the-name');
    assert.deepEqual(Object.keys(uploaded?.files ?? {}).sort(), [
      'changes.patch',
      'transcript.jsonl',
      'transcript.md',
    ]);
    for (const text of Object.values(uploaded?.files ?? {})) assert.ok(!text.includes(SECRET), text);
    assert.match(uploaded?.files['transcript.md'] ?? '', /done with \*\*\*/);
    assert.equal(uploaded?.files['transcript.jsonl']?.trim().split('\n').length, 2);
    assert.deepEqual(logs.warning, []);
  });

  it('turns a failed upload into a warning with the secret masked, and no URL', async () => {
    const { transcriptPath, ctx, logs } = await setting();
    const uploader: ArtifactUploader = {
      upload: async () => {
        throw new Error(`CreateArtifact: 403 for token ${SECRET}`);
      },
    };
    assert.equal(await uploadTranscriptArtifact(ctx, { transcriptPath, name: 'n', uploader }), undefined);
    assert.equal(logs.warning.length, 1);
    assert.match(
      logs.warning[0]!,
      /Could not upload the transcript artifact .*CreateArtifact: 403 for token \*\*\*/,
    );
  });
});
