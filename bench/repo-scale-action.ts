/**
 * The whole action through `dist/index.js` (run `npm run build` first) on repositories of growing
 * size, side by side in one run: tiny, 10k files, 100k files, 100k files with 20k commits of
 * history, and tiny plus a 30k-file installed `node_modules`. Each repository is built with
 * `git fast-import` into the fake GitHub server's bare repository and cloned into the workspace
 * (as actions/checkout would before the action); the scripted model then runs the same few
 * ordinary commands and one fix (`git status`, `git diff`, `ls`, a `glob` and a `grep` over the
 * whole tree, read + edit of one file), with `sandbox: auto` (on this machine the throw-away-user
 * level). Figures per repository, and their ratios to the tiny one:
 * - overhead: the run's wall time minus what the agent's bash commands cost run directly;
 * - overhead beyond the searches: that, minus what the `glob` and `grep` calls cost git directly
 *   (the same listing and the same search in the workspace), which grows with any tree;
 * - to the first model request;
 * - per bash command: the gap between the model requests around it minus the same command run
 *   directly in the workspace (median over the commands);
 * - publish: from the model's last answer to the action's exit (commit, push, PR, dispose);
 * - peak RSS of the action's processes (GNU time's maximum over the process and its children).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reply } from '../test/fakes/openai-server.js';
import { labeledPayload, startHarness } from '../test/helpers/action-harness.js';
import { DIST_INDEX } from '../test/helpers/run-action.js';
import type { BenchFigure } from './run.js';

export interface ActionCase {
  label: string;
  files: number;
  perFolder: number;
  /** Commits of history on top of the tree. */
  history?: number;
  /** Ignored files written into `node_modules/` of the workspace after the clone. */
  nodeModules?: number;
}

export const ACTION_CASES: ActionCase[] = [
  { label: 'tiny', files: 40, perFolder: 8 },
  { label: '10k', files: 10_000, perFolder: 6 },
  { label: '100k', files: 100_000, perFolder: 6 },
  { label: '100k+20k-commits', files: 100_000, perFolder: 6, history: 20_000 },
  { label: 'tiny+node_modules', files: 40, perFolder: 8, nodeModules: 30_000 },
];

const COMMANDS = ['git status', 'git diff', 'ls'];
/** What the `glob` and `grep` calls cost git itself: the same listing and search, run directly. */
const SEARCHES = [
  'git ls-files -z -t -c -d -o --exclude-standard -- . >/dev/null',
  "git -c core.quotePath=off grep -n -I --no-color -P --untracked -e needleNowhere42 -- ':(exclude,glob)**/.git/**' ':(exclude,glob)**/node_modules/**' >/dev/null",
];
const GREET = "export const greet = () => 'helo';\n";

/** The tree of `files` files (16 contents), a `.gitignore`, the file to fix, then `history` commits. */
function importStream({ files, perFolder, history = 0 }: ActionCase): string {
  const out: string[] = [];
  const blobs = 16;
  for (let b = 1; b <= blobs; b++) {
    const data = `export const value${b} = ${b};\nexport function f${b}(x: number) {\n  return x + ${b};\n}\n`;
    out.push('blob', `mark :${b}`, `data ${Buffer.byteLength(data)}`, data);
  }
  out.push(
    'commit refs/heads/main',
    'committer bench <bench@example.com> 1700000000 +0000',
    'data 9',
    'generated',
  );
  out.push('deleteall');
  out.push('M 100644 inline .gitignore', 'data 20', 'build/\nnode_modules/');
  out.push('M 100644 inline src/greet.ts', `data ${GREET.length}`, GREET.slice(0, -1));
  for (let i = 0; i < files; i++) {
    const folder = Math.floor(i / perFolder);
    out.push(
      `M 100644 :${(i % blobs) + 1} src/d${folder % 97}/f${folder}/file${i}.${i % 10 === 9 ? 'md' : 'ts'}`,
    );
  }
  for (let c = 0; c < history; c++) {
    const data = `change ${c}\n`;
    out.push(
      'commit refs/heads/main',
      `committer bench <bench@example.com> ${1700000001 + c} +0000`,
      `data ${`c${c}`.length}`,
      `c${c}`,
      `M 100644 inline history/h${c % 500}.txt`,
      `data ${data.length}`,
      data.slice(0, -1),
    );
  }
  return `${out.join('\n')}\n`;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function directMs(command: string, cwd: string): number {
  const samples: number[] = [];
  for (let i = 0; i < 4; i++) {
    const started = performance.now();
    spawnSync('sh', ['-c', command], { cwd, stdio: 'ignore' });
    samples.push(performance.now() - started);
  }
  return median(samples.slice(1));
}

interface CaseResult {
  overheadMs: number;
  beyondSearchesMs: number;
  firstRequestMs: number;
  perCommandMs: number;
  publishMs: number;
  rssMb: number;
  wallMs: number;
}

async function runCase(c: ActionCase): Promise<CaseResult> {
  const h = await startHarness({ 'README.md': '# seed\n' });
  const scratch = await mkdtemp(path.join(tmpdir(), `repo-scale-action-${c.label}-`));
  try {
    h.github.state.addUser('alice', { permission: 'write' });
    let started = performance.now();
    execFileSync('git', ['--git-dir', h.github.git.gitDir, 'fast-import', '--quiet', '--force'], {
      input: importStream(c),
      stdio: ['pipe', 'ignore', 'inherit'],
      maxBuffer: 1 << 30,
    });
    const workspace = path.join(scratch, 'workspace');
    execFileSync('git', ['clone', '-q', h.github.git.gitDir, workspace], { stdio: 'ignore' });
    if (c.nodeModules) {
      for (let i = 0; i < c.nodeModules; i += 50) {
        const dir = path.join(workspace, 'node_modules', `pkg${Math.floor(i / 1000)}`, `d${i}`);
        await mkdir(dir, { recursive: true });
        await Promise.all(Array.from({ length: 50 }, (_, j) => writeFile(path.join(dir, `m${j}.js`), '')));
      }
    }
    console.error(`  ${c.label}: built and cloned in ${Math.round(performance.now() - started)} ms`);
    const direct = COMMANDS.map((command) => directMs(command, workspace));
    const searches = SEARCHES.map((command) => directMs(command, workspace)).reduce((a, b) => a + b, 0);
    const issue = h.github.state.addIssue({
      title: 'Fix the greeting',
      body: 'It says helo.',
      user: 'alice',
    });
    let lastAnswer = 0;
    h.openai.enqueue(
      ...COMMANDS.map((command) => reply().tool('bash', { command })),
      reply().tool('glob', { pattern: '**/*.ts' }),
      reply().tool('grep', { pattern: 'needleNowhere42' }),
      reply().tool('read_file', { path: 'src/greet.ts' }),
      reply().tool('edit_file', { path: 'src/greet.ts', old_string: "'helo'", new_string: "'hello'" }),
      () => {
        lastAnswer = Date.now();
        return reply().text('Fixed the greeting.');
      },
    );
    const timeFile = path.join(scratch, 'time');
    started = Date.now();
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      workspace,
      inputs: { sandbox: 'auto' },
      launcher: [
        // `BENCH_REPO_SCALE_TRACE=<folder>`: every program the action starts, with times, per case.
        ...(process.env['BENCH_REPO_SCALE_TRACE']
          ? [
              'strace',
              '-f',
              '-tt',
              // Only these calls stop the traced processes, so the timings stay close to untraced.
              '--seccomp-bpf',
              '-e',
              'trace=execve,exit_group',
              '-o',
              path.join(process.env['BENCH_REPO_SCALE_TRACE'], c.label),
            ]
          : []),
        '/usr/bin/time',
        '-o',
        timeFile,
        '-f',
        '%M',
      ],
    });
    const ended = Date.now();
    if (run.outputs['conclusion'] !== 'pr-opened')
      throw new Error(`${c.label}: ${run.outputs['conclusion']}\n${run.stdout.slice(-3000)}`);
    const at = h.openai.requests.map((r) => r.at);
    // Request k+1 arrives after the tool call of reply k ran (plus one turn of the action's own work).
    const gaps = COMMANDS.map((_, k) => (at[k + 1] ?? Number.NaN) - (at[k] ?? Number.NaN));
    const rssKb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').at(-1));
    const wallMs = ended - started;
    const result = {
      wallMs,
      overheadMs: wallMs - direct.reduce((a, b) => a + b, 0),
      beyondSearchesMs: wallMs - direct.reduce((a, b) => a + b, 0) - searches,
      firstRequestMs: (at[0] ?? Number.NaN) - started,
      perCommandMs: median(gaps.map((gap, k) => gap - (direct[k] ?? 0))),
      publishMs: ended - lastAnswer,
      rssMb: rssKb / 1024,
    };
    console.error(
      `  ${c.label}: ${Object.entries(result)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')} (direct ${direct.map((d) => d.toFixed(0)).join('/')} ms)`,
    );
    return result;
  } finally {
    await h.close();
    await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Runs `cases` (the first is the base of every ratio); nothing without a built dist or GNU time. */
export { importStream, runCase };

export async function actionFigures(cases: readonly ActionCase[]): Promise<BenchFigure[]> {
  if (!existsSync(DIST_INDEX) || !existsSync('/usr/bin/time')) {
    console.error('repo-scale: dist/index.js or /usr/bin/time missing; the whole-action part is skipped');
    return [];
  }
  const results = new Map<string, CaseResult>();
  for (const c of cases) results.set(c.label, await runCase(c));
  const base = results.get(cases[0]!.label)!;
  const figures: BenchFigure[] = [];
  for (const [label, r] of results) {
    const name = `repo_scale.action.${label}`;
    figures.push(
      { name: `${name}.overhead_ms`, value: r.overheadMs, unit: 'ms' },
      { name: `${name}.per_command_ms`, value: r.perCommandMs, unit: 'ms' },
      { name: `${name}.peak_rss_mb`, value: r.rssMb, unit: 'MB', target: '< 256' },
    );
    if (r === base) continue;
    figures.push(
      { name: `${name}.overhead_vs_tiny`, value: r.overheadMs / base.overheadMs, unit: 'x', target: '<= 2' },
      {
        name: `${name}.overhead_beyond_searches_vs_tiny`,
        value: r.beyondSearchesMs / base.beyondSearchesMs,
        unit: 'x',
        target: '<= 2',
      },
      { name: `${name}.first_request_vs_tiny`, value: r.firstRequestMs / base.firstRequestMs, unit: 'x' },
      {
        name: `${name}.per_command_vs_tiny`,
        value: r.perCommandMs / base.perCommandMs,
        unit: 'x',
        target: '<= 1.5',
      },
      { name: `${name}.publish_vs_tiny`, value: r.publishMs / base.publishMs, unit: 'x' },
    );
  }
  return figures;
}
