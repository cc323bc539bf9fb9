/**
 * Tokens of a re-review after a push that touches one file of ten: the incremental review (what
 * changed since the last reviewed head, plus the re-check of the one open finding whose code
 * changed) against a full re-review of the same head (the same pull request whose earlier review
 * carries no marker, as before incremental reviews). Both run the built `dist/index.js` against the
 * fake GitHub and the fake model, whose scripted reviewer behaves the same in both: it reads every
 * file in the diff it is given, raises one finding per file, and sums up; usage is the fake's
 * characters ÷ 4 of every request. Build first: `npm run build && npm run bench -- review-tokens`.
 */
import { reviewsOf } from '../test/fakes/github-handlers-reviews.js';
import type { RecordedRequest, Step } from '../test/fakes/openai-server.js';
import { reply } from '../test/fakes/openai-server.js';
import { DEFAULT_FILES, type Harness, startHarness } from '../test/helpers/action-harness.js';
import { pullRequestPayload } from '../test/helpers/pull-request-head.js';
import type { BenchFigure } from './run.js';

const FILES = 10;
const BASE_LINES = 60;

/** A module of `BASE_LINES` lines of plausible code. */
function module(n: number, extra = ''): string {
  const body = Array.from(
    { length: BASE_LINES },
    (_, i) => `export const value${n}_${i} = (input) => input.items.filter((x) => x.id !== ${i}).length;`,
  );
  return `${body.join('\n')}\n${extra}`;
}

const added = (n: number, guarded = false) =>
  `export function read${n}(x) {\n  return ${guarded ? 'x?.value' : 'x.value'};\n}\n${Array.from({ length: 12 }, (_, i) => `export const more${n}_${i} = read${n}({ value: ${i} });`).join('\n')}\n`;

/** The scripted reviewer: read each file of the diff, one finding per file, then a summary. */
function reviewer(request: RecordedRequest): Step {
  const messages = request.body.messages as { role: string; content: string }[];
  if (messages[0]?.content.startsWith('You check whether one finding'))
    return reply().text('FIXED: the access is guarded now.');
  const task = messages[1]?.content ?? '';
  const files = [...task.matchAll(/^### (src\/\S+) \(/gm)].map((m) => m[1]!);
  const turn = messages.filter((m) => m.role === 'assistant').length;
  if (turn === 0) return files.reduce((r, path) => r.tool('read_file', { path }), reply());
  if (turn === 1)
    return files.reduce(
      (r, path) =>
        r.tool('add_review_comment', {
          path,
          line: BASE_LINES + 2,
          quote: 'x',
          title: 'unguarded access',
          body: '`x` may be undefined here.',
        }),
      reply(),
    );
  return reply().text(`Reviewed ${files.length} files; each reads a property of an unchecked argument.`);
}

async function pullRequest(h: Harness, branch: string) {
  const main = (await h.github.git.resolve('main'))!;
  const pr = h.github.state.addPullRequest({
    title: 'Readers',
    headRef: branch,
    baseRef: 'main',
    user: 'alice',
  });
  const changes = Object.fromEntries(
    Array.from({ length: FILES }, (_, n) => [`src/mod${n}.js`, module(n, added(n))]),
  );
  const first = await h.github.git.commit(branch, changes, 'Add readers', main);
  return { pr, first };
}

async function review(
  h: Harness,
  pr: Awaited<ReturnType<typeof pullRequest>>['pr'],
  head: string,
  action: string,
) {
  h.openai.clear();
  h.openai.enqueue(...Array.from({ length: 40 }, () => reviewer));
  const run = await h.run('pull_request', pullRequestPayload(action, pr, head), {
    inputs: { mode: 'review' },
  });
  if (run.outputs['conclusion'] !== 'reviewed')
    throw new Error(`review failed:\n${run.stdout}\n${run.stderr}`);
  return { tokens: Number(run.outputs['tokens']), requests: h.openai.requests.length };
}

export default async function bench(): Promise<BenchFigure[]> {
  const files = Object.fromEntries(Array.from({ length: FILES }, (_, n) => [`src/mod${n}.js`, module(n)]));
  const h = await startHarness({ ...DEFAULT_FILES, ...files });
  h.github.state.addUser('alice', { permission: 'write' });
  try {
    const push = async (branch: string, parent: string) =>
      h.github.git.commit(branch, { 'src/mod3.js': module(3, added(3, true)) }, 'Guard read3', parent);

    // Incremental: a full first review, then the push of one file is reviewed on its own.
    const a = await pullRequest(h, 'incremental');
    await review(h, a.pr, a.first, 'opened');
    const incremental = await review(h, a.pr, await push('incremental', a.first), 'synchronize');

    // Full re-review: the same, but the first review's marker is gone, as before this feature.
    const b = await pullRequest(h, 'full');
    await review(h, b.pr, b.first, 'opened');
    for (const r of reviewsOf(h.github.state))
      if (r.pullNumber === b.pr.number) r.body = r.body.replace(/<!-- agent-action:review .* -->$/, '');
    const full = await review(h, b.pr, await push('full', b.first), 'synchronize');

    console.error(
      `review-tokens: incremental ${incremental.tokens} tokens in ${incremental.requests} requests; full ${full.tokens} in ${full.requests}`,
    );
    return [
      { name: 'review_tokens.incremental', value: incremental.tokens, unit: 'tokens' },
      { name: 'review_tokens.full_rereview', value: full.tokens, unit: 'tokens' },
      {
        name: 'review_tokens.incremental_vs_full',
        value: incremental.tokens / full.tokens,
        unit: '×',
        target: '<= 0.4',
      },
    ];
  } finally {
    await h.close();
  }
}
