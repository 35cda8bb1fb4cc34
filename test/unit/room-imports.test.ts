import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { roomImports } from '../../scripts/lint/room-imports.js';

const ROOT = '/repo';
const lint = (filename: string, code: string, guard: string[], allow: string[]) =>
  new Linter({ cwd: ROOT }).verify(code, [{
    files: ['**/*.ts'],
    plugins: { rooms: { rules: { 'room-imports': roomImports } } },
    rules: { 'rooms/room-imports': ['error', { root: ROOT, guard, allow, message: 'only through the contract' }] },
  }], `${ROOT}/${filename}`).map((message) => message.message);

describe('the room-imports lint rule', () => {
  it('refuses a server file importing widget code from src/, naming where the import lands', () => {
    expect(lint('server/widget/boot.ts', "import { x } from '../../src/config/read.ts';", ['src/'], ['src/contract/']))
      .toEqual(['only through the contract (src/config/read.ts)']);
  });

  it('lets the same file import the contract, its own room and packages', () => {
    const code = "import { a } from '../../src/contract/ids.ts';\nimport { b } from './own.ts';\nimport { z } from 'zod';";
    expect(lint('server/widget/boot.ts', code, ['src/'], ['src/contract/'])).toEqual([]);
  });

  it('resolves the path, so another spelling of a forbidden folder is still caught', () => {
    expect(lint('src/site/pages/home.ts', "export { x } from '../../app/main.ts';", ['src/'], ['src/contract/', 'src/site/']))
      .toEqual(['only through the contract (src/app/main.ts)']);
  });

  it('checks dynamic imports too, and an empty guard covers every path', () => {
    expect(lint('src/contract/net/engine.ts', "const m = import('../../../server/db.ts');", [''], ['src/contract/']))
      .toEqual(['only through the contract (server/db.ts)']);
  });

  it('allows a single named file among a guarded folder', () => {
    expect(lint('src/site/player/site-player.ts', "import { KinoPlayer } from '../../embed/index.ts';", ['src/'], ['src/site/', 'src/embed/index.ts'])).toEqual([]);
    expect(lint('src/site/player/site-player.ts', "import { frame } from '../../embed/player-frame.ts';", ['src/'], ['src/site/', 'src/embed/index.ts']))
      .toEqual(['only through the contract (src/embed/player-frame.ts)']);
  });
});
