import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { imageHostVerdict } from '../../../src/context/image-hosts.js';

const GITHUB = 'https://github.com';

describe('imageHostVerdict', () => {
  it('allows GitHub’s attachment hosts on github.com, without the token', () => {
    for (const url of [
      'https://private-user-images.githubusercontent.com/1/2-3.png?jwt=abc',
      'https://user-images.githubusercontent.com/1/2.png',
      'https://github.com/user-attachments/assets/5f7c1a2b-0000-4000-8000-000000000000',
    ])
      assert.deepEqual(imageHostVerdict(url, GITHUB), { kind: 'allowed', sendToken: false }, url);
  });

  it('refuses everything else on github.com, naming the host', () => {
    assert.deepEqual(imageHostVerdict('https://evil.example/x.png', GITHUB), {
      kind: 'refused',
      why: "evil.example is not one of GitHub's image hosts",
    });
    assert.equal(imageHostVerdict('https://camo.githubusercontent.com/abc/def', GITHUB).kind, 'refused');
    assert.match(
      JSON.stringify(imageHostVerdict('https://camo.githubusercontent.com/abc/def', GITHUB)),
      /GitHub only proxies/,
    );
    assert.equal(imageHostVerdict('https://github.com/evil/repo/raw/main/x.png', GITHUB).kind, 'refused');
    assert.equal(
      imageHostVerdict('http://private-user-images.githubusercontent.com/x.png', GITHUB).kind,
      'refused',
    );
    assert.equal(
      imageHostVerdict('https://user-images.githubusercontent.com.attacker.example/1.png', GITHUB).kind,
      'refused',
    );
    assert.equal(
      imageHostVerdict('https://u:p@user-images.githubusercontent.com/1.png', GITHUB).kind,
      'refused',
    );
    assert.equal(imageHostVerdict('not a url', GITHUB).kind, 'refused');
  });

  it('allows a GitHub Enterprise Server’s own host and media subdomain, with the token', () => {
    const ghes = 'https://ghe.example.com';
    assert.deepEqual(imageHostVerdict('https://ghe.example.com/storage/user/1/files/abc', ghes), {
      kind: 'allowed',
      sendToken: true,
    });
    assert.deepEqual(imageHostVerdict('https://media.ghe.example.com/user/1/files/abc', ghes), {
      kind: 'allowed',
      sendToken: true,
    });
    assert.equal(
      imageHostVerdict('https://private-user-images.githubusercontent.com/1.png', ghes).kind,
      'refused',
    );
    assert.equal(imageHostVerdict('https://other.example.com/1.png', ghes).kind, 'refused');
    assert.equal(imageHostVerdict('http://127.0.0.1:8080/x.png', 'http://127.0.0.1:8080').kind, 'allowed');
    assert.equal(imageHostVerdict('http://127.0.0.1:9090/x.png', 'http://127.0.0.1:8080').kind, 'refused');
    assert.equal(imageHostVerdict('http://localhost:8080/x.png', 'http://127.0.0.1:8080').kind, 'refused');
  });
});
