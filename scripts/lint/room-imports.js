// An ESLint rule that resolves each relative import and checks where it lands, so a room's
// boundary holds whatever the path's spelling (`../../src/contract/…`, `../contract/…`).
// Options: root; guard, the folders whose imports are checked ('' for every path); allow, the
// paths among them that may be imported; message. Paths are relative to the repository's root
// and end in '/' for a folder.
import { dirname, relative, resolve, sep } from 'node:path';

export const roomImports = {
  meta: {
    type: 'problem',
    schema: [{
      type: 'object',
      properties: {
        root: { type: 'string' },
        guard: { type: 'array', items: { type: 'string' } },
        allow: { type: 'array', items: { type: 'string' } },
        message: { type: 'string' },
      },
      required: ['root', 'guard', 'allow', 'message'],
      additionalProperties: false,
    }],
  },
  create(context) {
    const { root, guard, allow, message } = context.options[0];
    const fileDir = dirname(context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(root, resolve(fileDir, source)).split(sep).join('/');
      const inside = (prefix) => (prefix === '' || prefix.endsWith('/') ? target.startsWith(prefix) : target === prefix);
      if (guard.some(inside) && !allow.some(inside)) context.report({ node, message: `${message} (${target})` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
