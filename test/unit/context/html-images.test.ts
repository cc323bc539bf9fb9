import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { imagesInHtml } from '../../../src/context/html-images.js';

describe('imagesInHtml', () => {
  it('finds each image of a rendered body with its decoded address and alt text, once', () => {
    const signed = 'https://private-user-images.githubusercontent.com/1/2-abc.png?jwt=eyJ0&amp;x=1';
    const html = [
      `<p><a target="_blank" rel="noopener noreferrer" href="${signed}"><img src="${signed}" alt="Login &amp; error" style="max-width: 100%;"></a></p>`,
      `<p><img src='https://user-images.githubusercontent.com/9.gif' ALT='spinner'></p>`,
      `<p><img src="${signed}" alt="again"></p>`,
      '<g-emoji class="g-emoji" alias="tada">🎉</g-emoji>',
      '<img class="emoji" title=":octocat:" alt=":octocat:" src="https://github.githubassets.com/images/icons/emoji/octocat.png">',
      '<img alt="no source">',
    ].join('\n');
    assert.deepEqual(imagesInHtml(html), [
      {
        src: 'https://private-user-images.githubusercontent.com/1/2-abc.png?jwt=eyJ0&x=1',
        alt: 'Login & error',
      },
      { src: 'https://user-images.githubusercontent.com/9.gif', alt: 'spinner' },
    ]);
  });

  it('finds nothing in a body without images', () => {
    assert.deepEqual(imagesInHtml('<p>Just text with <code>&lt;img src=x&gt;</code>.</p>'), []);
  });
});
