import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  createTranscript,
  readTranscript,
  type TranscriptEvent,
  type TranscriptRecord,
} from '../../../src/agent/transcript.js';
import { formatArguments, renderTranscriptMarkdown } from '../../../src/outputs/transcript-markdown.js';
import { createRedactor } from '../../../src/safety/redact.js';

const SECRET = 'hunter2-very-secret-value';

const events: TranscriptEvent[] = [
  { type: 'run-start', trigger: 'issue #12 labeled', model: 'gpt-test', limits: { maxTurns: 40 } },
  { type: 'agent-start', model: 'gpt-test', limits: { maxTurns: 40 }, messages: 2 },
  {
    type: 'turn',
    turn: 1,
    tokensIn: 1000,
    tokensOut: 50,
    estimated: false,
    durationMs: 900,
    toolCalls: 2,
    attempts: 1,
    partial: false,
    text: 'Looking.',
  },
  {
    type: 'tool-call',
    turn: 1,
    index: 0,
    callId: 'c1',
    name: 'read_file',
    arguments: '{"path":"src/a.ts"}',
    readOnly: true,
    status: 'ok',
    durationMs: 4,
    excerpt: '1→export const a = 1;\n2→',
  },
  {
    type: 'tool-call',
    turn: 1,
    index: 1,
    callId: 'c2',
    name: 'grep',
    arguments: '{"pattern":"a|b"}',
    readOnly: true,
    status: 'error',
    durationMs: 12,
    excerpt: 'grep failed: <bad> pattern',
  },
  { type: 'retry', turn: 2, attempt: 1, delayMs: 1000, reason: 'HTTP 429' },
  {
    type: 'turn',
    turn: 2,
    tokensIn: 1200,
    tokensOut: 80,
    estimated: false,
    durationMs: 1500,
    toolCalls: 1,
    attempts: 2,
    partial: false,
    text: '',
  },
  {
    type: 'tool-call',
    turn: 2,
    index: 0,
    callId: 'c3',
    name: 'bash',
    arguments: `{"command":"echo ${SECRET}"}`,
    readOnly: false,
    status: 'ok',
    durationMs: 2300,
    excerpt: `${SECRET}\nexit code 0`,
    fullOutputPath: '/tmp/logs/c3.log',
  },
  {
    type: 'agent-end',
    reason: 'done',
    summary: 'Fixed it.',
    turns: 2,
    tokens: { prompt: 2200, completion: 130, total: 2330 },
    toolCalls: 3,
  },
];

describe('transcript', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'transcript-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes JSON Lines with timestamps and every string redacted', async () => {
    const file = path.join(dir, 'nested', 'transcript.jsonl');
    const writer = createTranscript({
      path: file,
      redact: createRedactor([SECRET]),
      now: () => new Date('2025-01-02T03:04:05Z'),
    });
    for (const event of events) writer.write(event);
    const text = await readFile(file, 'utf8');
    assert.doesNotMatch(text, /hunter2/);
    assert.equal(text.trim().split('\n').length, events.length);
    const records = await readTranscript(file);
    assert.equal(records[0]?.ts, '2025-01-02T03:04:05.000Z');
    const bash = records.find((r) => r.type === 'tool-call' && r.name === 'bash');
    assert.equal(bash?.type === 'tool-call' && bash.arguments, '{"command":"echo ***"}');
    assert.equal(bash?.type === 'tool-call' && bash.excerpt, '***\nexit code 0');
  });

  it('redacts before it cuts long strings, so no half secret survives', async () => {
    const file = path.join(dir, 'long.jsonl');
    const writer = createTranscript({ path: file, redact: createRedactor([SECRET]) });
    writer.write({ type: 'note', turn: 1, message: `${'x'.repeat(3990)}${SECRET}${'y'.repeat(100)}` });
    const text = await readFile(file, 'utf8');
    assert.doesNotMatch(text, /hunter/);
    assert.match(text, /more chars\]/);
  });
});

describe('transcript markdown', () => {
  const records: TranscriptRecord[] = events.map((e) => ({ ts: '2025-01-02T03:04:05.000Z', ...e }));

  it("renders a narrow table: the model's words per turn, then what, result and time per call", () => {
    const redact = createRedactor([SECRET]);
    const md = renderTranscriptMarkdown(
      records.map((r) => JSON.parse(redact(JSON.stringify(r)))),
      { fullLogPointer: 'the job summary' },
    );
    assert.equal(
      md,
      [
        '<details>',
        '<summary>Transcript: 3 tool calls (1 failed) · 1 model retry</summary>',
        '',
        '| what | result | time |',
        '|---|---|--:|',
        '| 💬 _Looking._ | | |',
        '| `read_file` <code>src/a.ts</code> | ✅ | 4 ms |',
        '| `grep` <code>a&#124;b</code> | ❌ <code>grep failed: &lt;bad&gt; pattern</code> | 12 ms |',
        '| `bash` <code>echo ***</code> | ✅ <code>***</code> | 2.3 s |',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
    // Three columns, none wider than its cap, so the table reads on a narrow screen.
    for (const row of md.split('\n').filter((l) => l.startsWith('| `'))) {
      assert.equal(row.split(' | ').length, 3, row);
      assert.ok(row.length < 200, row);
    }
  });

  it("escapes the model's narration as text, and says so plainly when no tool was called", () => {
    const narrated: TranscriptRecord[] = [
      { ...records[2]!, text: '# Plan\n\n<img src=x> and [a](b) | `c` *d*' } as TranscriptRecord,
      records[3]!,
    ];
    const md = renderTranscriptMarkdown(narrated);
    assert.match(md, /\| 💬 _\\# Plan_ \| \| \|/, 'only the first paragraph, its heading mark escaped');
    const inline = renderTranscriptMarkdown([
      { ...records[2]!, text: 'See <img src=x> [a](b) | `c` *d*' } as TranscriptRecord,
      records[3]!,
    ]);
    assert.match(inline, /\| 💬 _See &lt;img src=x&gt; \\\[a\\\]\(b\) &#124; \\`c\\` \\\*d\\\*_ \| \| \|/);
    const none = renderTranscriptMarkdown([records[0]!, records.at(-1)!]);
    assert.equal(
      none,
      '<details>\n<summary>Transcript: no tool calls</summary>\n\nThe agent made no tool calls.\n\n</details>\n',
    );
    assert.doesNotMatch(none, /\|/, 'no table around nothing');
  });

  it('fits a huge transcript under the limit, keeping the first and last calls and a pointer', () => {
    const many: TranscriptRecord[] = [];
    for (let i = 0; i < 3000; i++) {
      many.push({
        ts: '',
        type: 'tool-call',
        turn: i + 1,
        index: 0,
        callId: `c${i}`,
        name: 'read_file',
        arguments: JSON.stringify({ path: `src/file-${i}.ts` }),
        readOnly: true,
        status: 'ok',
        durationMs: 3,
        excerpt: 'y'.repeat(300),
      });
    }
    const md = renderTranscriptMarkdown(many, {
      fullLogPointer: '`transcript.jsonl` (transcript-path output)',
    });
    assert.ok(md.length < 65_536, `length ${md.length}`);
    assert.ok(md.length > 60_000, 'uses the space it has');
    assert.match(md, /\| `read_file` <code>src\/file-0\.ts<\/code> \|/);
    assert.match(md, /\| `read_file` <code>src\/file-2999\.ts<\/code> \|/);
    assert.match(
      md,
      /\| … _\d+ rows omitted here; see `transcript\.jsonl` \(transcript-path output\)_ \| \| \|/,
    );
    assert.ok(md.endsWith('\n</details>\n'));
    const small = renderTranscriptMarkdown(many, { maxChars: 5000 });
    assert.ok(small.length < 5000);
  });

  it('summarises long argument values instead of printing them', () => {
    assert.equal(
      formatArguments(JSON.stringify({ path: 'a.ts', content: 'z'.repeat(5000) })),
      'path: a.ts, content: (5,000 chars)',
    );
    assert.equal(formatArguments('{"path": "a.ts",'), '{"path": "a.ts",');
  });
});
