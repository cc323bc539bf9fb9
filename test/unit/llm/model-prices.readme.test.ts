import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { BUILT_IN_PRICES } from '../../../src/llm/model-prices.js';

const readmeUrl = new URL('../../../README.md', import.meta.url);

describe('the README price table', () => {
  it('lists every built-in price with its date, and nothing else', async () => {
    const readme = await readFile(readmeUrl, 'utf8');
    const rows = [
      ...readme.matchAll(
        /^\| `([^`]+)` \| \$([\d.]+) \| \$([\d.]+) \| \$([\d.]+) \| (\d{4}-\d{2}-\d{2}) \| ([^|]+) \|$/gm,
      ),
    ];
    const listed = Object.fromEntries(
      rows.map((m) => [
        m[1],
        {
          input: Number(m[2]),
          cachedInput: Number(m[3]),
          output: Number(m[4]),
          checked: m[5],
          source: m[6]!.trim(),
        },
      ]),
    );
    assert.deepEqual(listed, BUILT_IN_PRICES);
  });
});
