import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sniffImageType } from '../../../src/context/image-type.js';

describe('sniffImageType', () => {
  it('names the four formats by their first bytes', () => {
    assert.equal(
      sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
      'image/png',
    );
    assert.equal(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg');
    assert.equal(sniffImageType(Buffer.from('GIF89a....')), 'image/gif');
    assert.equal(sniffImageType(Buffer.from('GIF87a')), 'image/gif');
    assert.equal(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ')), 'image/webp');
  });

  it('refuses whatever else, whatever it is called', () => {
    assert.equal(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
    assert.equal(sniffImageType(Buffer.from('<!DOCTYPE html>')), undefined);
    assert.equal(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ')), undefined);
    assert.equal(sniffImageType(Uint8Array.from([0x89, 0x50])), undefined);
    assert.equal(sniffImageType(new Uint8Array()), undefined);
  });
});
