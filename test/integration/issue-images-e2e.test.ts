/**
 * The images of an issue and its triggering comment through the built action: the fake GitHub
 * renders `body_html` with signed image URLs and serves the files; the valid images reach the
 * model as image parts on Chat Completions and on the Responses API, a foreign host, an oversized
 * and a mislabelled file are skipped and reported, the signed URLs appear nowhere, and a
 * text-only model (DeepSeek's refusal) gets one request with images and then none.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { IssueRecord } from '../fakes/github-state.js';
import { reply } from '../fakes/openai-server.js';
import { deepSeekTextOnly } from '../fakes/providers/deepseek.js';
import { commentPayload, useHarness } from '../helpers/action-harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
const HUGE = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

const h = useHarness();

/** An issue whose body shows five images and a `/agent` comment with one more, as GitHub renders them. */
function issueWithImages(): {
  issue: IssueRecord;
  comment: { id: number; body: string };
  signed: string[];
  foreignPath: string;
} {
  const { state, serverUrl } = h.github;
  const png = state.addUpload(PNG);
  const foreign = state.addUpload(PNG);
  const huge = state.addUpload(HUGE);
  const svg = state.addUpload(SVG, 'image/png');
  const gif = state.addUpload(GIF, 'image/gif');
  const img = (src: string, alt: string) =>
    `<p><a target="_blank" rel="noopener noreferrer" href="${src}"><img src="${src}" alt="${alt}" style="max-width: 100%;"></a></p>`;
  const foreignUrl = `${serverUrl.replace('127.0.0.1', 'localhost')}${foreign}`;
  const issue = state.addIssue({
    title: 'Greeting is wrong on the login page',
    body: 'See ![login](https://github.com/user-attachments/assets/5f7c1a2b-0000-4000-8000-000000000001) and the others.',
    bodyHtml: [
      '<p>See the screenshots.</p>',
      img(`${serverUrl}${png}`, 'Login page says helo'),
      img(foreignUrl, 'foreign'),
      img(`${serverUrl}${huge}`, 'huge'),
      img(`${serverUrl}${svg}`, 'not really a png'),
    ].join('\n'),
    user: 'alice',
  });
  const body =
    '/agent fix it, the spinner: ![spinner](https://github.com/user-attachments/assets/5f7c1a2b-0000-4000-8000-000000000002)';
  const comment = state.addIssueComment({
    issueNumber: issue.number,
    body,
    bodyHtml: `<p>/agent fix it, the spinner: </p>${img(`${serverUrl}${gif}`, 'Image')}`,
    user: 'alice',
  });
  const signed = [png, foreign, huge, svg, gif].map((s) => s.split('jwt=')[1]!);
  return { issue, comment: { id: comment.id, body }, signed, foreignPath: foreign.split('?')[0]! };
}

function fixGreeting() {
  h.openai.enqueue(
    reply().tool('read_file', { path: 'src/greet.js' }),
    reply().tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" }),
    reply().text('Fix the greeting typo\n\nThe greeting said "helo"; it now says "hello".'),
  );
}

type Part = { type: string; text?: string; image_url?: { url: string } | string; detail?: string };

const dataUrl = (mediaType: string, bytes: Buffer) => `data:${mediaType};base64,${bytes.toString('base64')}`;

/** Everything the run published or wrote that a person could read. */
function published(
  run: { summary: string; stdout: string; outputs: Record<string, string> },
  issue: IssueRecord,
) {
  const comments = h.github.state.commentsOn(issue.number).map((c) => c.body);
  const pulls = h.github.state.pulls().map((p) => p.body ?? '');
  const transcript = readFileSync(run.outputs['transcript-path']!, 'utf8');
  return [run.summary, run.stdout, transcript, ...comments, ...pulls].join('\n');
}

describe('issue images, end to end', () => {
  it('sends the valid images as image_url parts on Chat Completions and reports the skipped ones', async () => {
    const { issue, comment, signed, foreignPath } = issueWithImages();
    fixGreeting();
    const run = await h.run('issue_comment', commentPayload(issue, { ...comment, user: 'alice' }));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);

    const user = h.openai.requests[0]!.body.messages[1];
    const parts = user.content as Part[];
    assert.deepEqual(
      parts.map((p) => p.type),
      ['text', 'text', 'text', 'image_url', 'text', 'image_url'],
    );
    assert.match(parts[0]!.text!, /^Resolve issue #\d+/);
    assert.match(
      parts[2]!.text!,
      /^Image 1: image 1 of the issue #\d+ body \(image\/png, 1 KB\)\.\n<untrusted-data [^\n]*>\nLogin page says helo\n<\/untrusted-data/,
    );
    assert.deepEqual(parts[3]!.image_url, { url: dataUrl('image/png', PNG) });
    assert.equal(parts[4]!.text, `Image 2: image 1 of comment ${comment.id} (image/gif, 1 KB).`);
    assert.deepEqual(parts[5]!.image_url, { url: dataUrl('image/gif', GIF) });
    // Every later turn carries the same opening message (the cached prefix).
    for (const request of h.openai.requests.slice(1)) assert.deepEqual(request.body.messages[1], user);

    // Downloaded by the action with the token (the server's own host); the foreign host never asked.
    const downloads = h.github.requests.filter((r) => r.url.startsWith('/storage/user/'));
    assert.equal(downloads.length, 4);
    assert.ok(downloads.every((r) => r.headers.authorization === `token ${h.github.token}`));
    assert.ok(
      !h.github.requests.some((r) => r.url.startsWith(foreignPath)),
      'the foreign host is never fetched',
    );
    const rendered = h.github.requests.filter(
      (r) => /\/issues\/(?:\d+|comments\/\d+)$/.test(r.url) && r.method === 'GET',
    );
    assert.ok(
      rendered.length >= 2 && rendered.every((r) => r.headers.accept === 'application/vnd.github.full+json'),
    );

    assert.match(run.summary, /\*\*Images:\*\* 2 attached, 3 skipped\./);
    assert.match(
      run.summary,
      new RegExp(
        `- ✅ image 1 of the issue #${issue.number} body: image/png, 1 KB from 127\\.0\\.0\\.1:\\d+`,
      ),
    );
    assert.match(
      run.summary,
      /- ⏭ image 2 of the issue #\d+ body \(localhost:\d+\): localhost:\d+ is not one of GitHub's image hosts/,
    );
    assert.match(
      run.summary,
      /- ⏭ image 3 of the issue #\d+ body \(127\.0\.0\.1:\d+\): 5\.0 MB is over the 4\.0 MB limit for one image \(it is not resized/,
    );
    assert.match(
      run.summary,
      /- ⏭ image 4 of the issue #\d+ body \(127\.0\.0\.1:\d+\): its bytes are not a PNG, JPEG, GIF or WebP image \(served as image\/png\)/,
    );
    assert.match(run.summary, new RegExp(`- ✅ image 1 of comment ${comment.id}: image/gif`));

    const everything = [published(run, issue), JSON.stringify(h.openai.requests.map((r) => r.body))].join(
      '\n',
    );
    for (const signature of signed) assert.ok(!everything.includes(signature), 'no signed URL anywhere');
    assert.doesNotMatch(everything, /\/storage\/user\//);
    assert.match(h.github.state.commentsOn(issue.number).at(-1)?.body ?? '', /· 2 images/);
  });

  it('sends them as input_image parts on the Responses API', async () => {
    const { issue, comment } = issueWithImages();
    fixGreeting();
    const run = await h.run('issue_comment', commentPayload(issue, { ...comment, user: 'alice' }), {
      inputs: { api: 'responses' },
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    const [first] = h.openai.requests;
    assert.equal(first?.path, '/v1/responses');
    const content = first!.body.input[0].content as Part[];
    assert.deepEqual(
      content.map((p) => p.type),
      ['input_text', 'input_text', 'input_text', 'input_image', 'input_text', 'input_image'],
    );
    assert.deepEqual(content[3], {
      type: 'input_image',
      image_url: dataUrl('image/png', PNG),
      detail: 'auto',
    });
    assert.deepEqual(content[5], {
      type: 'input_image',
      image_url: dataUrl('image/gif', GIF),
      detail: 'auto',
    });
  });

  it('sends one request with images to a model that refuses them, then none, and the run succeeds', async () => {
    const { issue, comment } = issueWithImages();
    fixGreeting();
    const persona = deepSeekTextOnly();
    h.openai.usePersona(persona);
    try {
      const run = await h.run('issue_comment', commentPayload(issue, { ...comment, user: 'alice' }), {
        inputs: persona.inputs(h.openai.origin),
      });
      assert.equal(run.exitCode, 0, run.stdout + run.stderr);
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
      const requests = h.openai.requests;
      assert.equal(requests.length, 4, 'the refused request, then the three turns');
      assert.ok(JSON.stringify(requests[0]!.body).includes('"type":"image_url"'));
      for (const request of requests.slice(1)) {
        assert.ok(!JSON.stringify(request.body).includes('image_url'), 'no image part after the refusal');
        assert.equal(typeof request.body.messages[1].content, 'string');
        assert.match(
          request.body.messages[1].content,
          /Image 1: image 1 of the issue #\d+ body[\s\S]*The image is not shown: the model endpoint does not accept image input/,
        );
      }
      assert.equal(run.stdout.match(/refused image input/g)?.length, 1, 'said once');
      assert.match(
        run.summary,
        /\*\*Images:\*\* 2 sent with the first request, which the model endpoint refused for its image input \(HTTP 400: Failed to deserialize the JSON body into the target type: messages\[1\]: unknown variant `image_url`, expected `text`/,
      );
      assert.doesNotMatch(h.github.state.commentsOn(issue.number).at(-1)?.body ?? '', /images/);
    } finally {
      h.openai.usePersona(undefined);
    }
  });

  it('sends none and asks GitHub for no rendered body with `images: off`', async () => {
    const { issue, comment } = issueWithImages();
    fixGreeting();
    const before = h.github.requests.length;
    const run = await h.run('issue_comment', commentPayload(issue, { ...comment, user: 'alice' }), {
      inputs: { images: 'off' },
    });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(typeof h.openai.requests[0]!.body.messages[1].content, 'string');
    const asked = h.github.requests.slice(before);
    assert.ok(
      !asked.some((r) => r.url.startsWith('/storage/user/') || /full\+json/.test(String(r.headers.accept))),
    );
    assert.match(run.summary, /\*\*Images:\*\* not sent \(`images: off`\)\./);
  });
});
