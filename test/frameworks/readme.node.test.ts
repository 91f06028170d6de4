// The README's framework examples are the example apps' files as they are (the blocks after
// `<!-- example: <path> -->`), so what test/frameworks/examples.node.test.ts builds and opens is what the README shows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { root } from '../helpers/package.js';

describe('README framework examples', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/<!-- example: ([\w./-]+) -->\s*```\w*\n([\s\S]*?)```/g)].map((m) => ({
    path: m[1],
    text: m[2],
  }));

  it('show the React and Vue examples', () => {
    assert.deepEqual(
      blocks.map((b) => b.path),
      [
        'examples/react/src/main.tsx',
        'examples/react/src/App.tsx',
        'examples/vue/vite.config.ts',
        'examples/vue/src/App.vue',
      ],
    );
  });

  it('each block is its file, as it is', () => {
    for (const { path, text } of blocks) assert.equal(text, readFileSync(join(root, path), 'utf8'), path);
  });
});
