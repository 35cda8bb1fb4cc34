import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderReference } from '../../scripts/sdk-reference.ts';

describe('docs/sdk-reference.md', () => {
  it('is what the SDK\'s types and their comments say (npm run docs:sdk writes it)', async () => {
    const committed = await readFile(new URL('../../docs/sdk-reference.md', import.meta.url), 'utf8');
    expect(committed).toBe(await renderReference());
  });
});
