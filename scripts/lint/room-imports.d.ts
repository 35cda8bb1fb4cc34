import type { Rule } from 'eslint';

/** See room-imports.js. */
export declare const roomImports: Rule.RuleModule;
