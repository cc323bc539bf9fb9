import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { downloadImage, type ImageDownloadOptions } from '../../../src/context/image-download.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 7),
]);
const TOKEN = 'ghs_imageTestToken0000000000000000000000';

describe('downloadImage', () => {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    switch (req.url?.split('?')[0]) {
      case '/ok.png':
        return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      case '/jpeg-named.png':
        return res
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 1, 2]));
      case '/svg.png':
        return res
          .writeHead(200, { 'content-type': 'image/png' })
          .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      case '/big-declared.png':
        return res
          .writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' })
          .end(Buffer.alloc(5000));
      case '/big-chunked.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        res.write(Buffer.alloc(600));
        return res.end(Buffer.alloc(600));
      case '/moved':
        return res.writeHead(302, { location: '/ok.png' }).end();
      case '/away':
        return res.writeHead(302, { location: 'https://evil.example/x.png' }).end();
      case '/loop':
        return res.writeHead(302, { location: '/loop' }).end();
      default:
        return res.writeHead(404).end();
    }
  });
  let origin = '';
  let options: ImageDownloadOptions;
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    options = { fetch, serverUrl: origin, token: TOKEN, maxBytes: 1000, maxRedirects: 3, timeoutMs: 5000 };
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('downloads an image from the server, sending the token there, typed by its bytes', async () => {
    const got = await downloadImage(`${origin}/ok.png?jwt=signed`, options);
    assert.equal(got.kind, 'image');
    assert.equal(got.kind === 'image' && got.mediaType, 'image/png');
    assert.deepEqual(got.kind === 'image' && Buffer.from(got.data), PNG);
    assert.equal(seen.at(-1)?.headers.authorization, `token ${TOKEN}`);
    const jpeg = await downloadImage(`${origin}/jpeg-named.png`, options);
    assert.equal(jpeg.kind === 'image' && jpeg.mediaType, 'image/jpeg', 'the bytes decide, not the name');
  });

  it('follows a redirect on the allowed hosts and refuses one that leaves them, without fetching it', async () => {
    assert.equal((await downloadImage(`${origin}/moved`, options)).kind, 'image');
    assert.deepEqual(await downloadImage(`${origin}/away`, options), {
      kind: 'refused',
      why: "it redirects to an address that is evil.example is not one of GitHub's image hosts",
    });
    assert.deepEqual(await downloadImage(`${origin}/loop`, options), {
      kind: 'refused',
      why: 'more than 3 redirects',
    });
  });

  it('refuses oversized, mislabelled and missing files, saying why without the address', async () => {
    const declared = await downloadImage(`${origin}/big-declared.png?jwt=secret-signature`, options);
    assert.deepEqual(declared, {
      kind: 'refused',
      why: '0.0 MB is over the 0.0 MB limit for one image (it is not resized; attach a smaller or cropped one)',
    });
    const chunked = await downloadImage(`${origin}/big-chunked.png`, options);
    assert.match(chunked.kind === 'refused' ? chunked.why : '', /^it is over the 0\.0 MB limit/);
    assert.deepEqual(await downloadImage(`${origin}/svg.png`, options), {
      kind: 'refused',
      why: 'its bytes are not a PNG, JPEG, GIF or WebP image (served as image/png)',
    });
    assert.deepEqual(await downloadImage(`${origin}/gone.png`, options), {
      kind: 'refused',
      why: 'the server answered HTTP 404',
    });
    assert.doesNotMatch(JSON.stringify(declared), /secret-signature|127\.0\.0\.1/);
  });

  it('refuses a foreign host before any request, and reports a dead server without its address', async () => {
    const before = seen.length;
    const foreign = await downloadImage('https://evil.example/x.png', options);
    assert.equal(foreign.kind, 'refused');
    assert.equal(seen.length, before);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = await downloadImage(`${deadOrigin}/x.png?jwt=s3cret`, { ...options, serverUrl: deadOrigin });
    assert.deepEqual(dead, { kind: 'refused', why: 'it could not be downloaded (ECONNREFUSED)' });
  });
});
