import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's SQL lives in repositories (`*-repository.ts`) and the query modules beside them;
 * routes and services call their methods. A route or service that runs or spells a statement
 * itself is named here, so the rule holds as the server grows.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'server');
/** The database platform and the media files are not features: they may speak SQL or hold no code. */
const OUTSIDE = ['server/db/', 'server/media/'];
const GUARDED = /-(routes?|service)\.ts$/;
/** A statement's opening words; a method name in a comment or a URL path is not one. */
const STATEMENT = /\b(SELECT\b[\s\S]*\bFROM\b|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|TRUNCATE\s+\w)/;

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Where a file runs a query or spells a statement: `line: why`, empty when it does neither. */
export function sqlFindings(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const at = (node: ts.Node, why: string) => findings.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${why}`);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      const literalArgument = first !== undefined && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first));
      // A regular expression's exec() is not a database's; a database's takes the statement's text.
      if (method === 'query' || (method === 'exec' && literalArgument)) at(node, `.${method}() call`);
    }
    if (ts.isStringLiteralLike(node) && STATEMENT.test(node.text)) at(node, 'SQL statement');
    if (ts.isTemplateExpression(node) && STATEMENT.test(node.getText(source))) at(node, 'SQL statement');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('SQL stays in repositories', () => {
  it('no route or service file of the server runs or spells SQL', () => {
    const offenders = serverFiles(SERVER)
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((path) => GUARDED.test(path) && !OUTSIDE.some((folder) => path.startsWith(folder)))
      .flatMap((path) => {
        const findings = sqlFindings(path, readFileSync(join(ROOT, path), 'utf8'));
        return findings.length ? [`${path} (${findings.join('; ')})`] : [];
      });
    expect(offenders, 'move these queries into a *-repository.ts of the feature').toEqual([]);
  });

  it('finds a query call, and a statement spelled in a string or a template', () => {
    expect(sqlFindings('a-routes.ts', "await db.query('SELECT 1 FROM contents WHERE id = $1', [id]);"))
      .toEqual(['1: .query() call', '1: SQL statement']);
    expect(sqlFindings('a-routes.ts', 'const sql = `DELETE FROM sessions WHERE id = ${p}`;')).toEqual(['1: SQL statement']);
    expect(sqlFindings('a-service.ts', "await tx.exec('TRUNCATE content_search');")).toEqual(['1: .exec() call', '1: SQL statement']);
  });

  it('leaves alone a regular expression\'s exec, HTTP methods in comments and request.query', () => {
    const code = [
      '/** GET /caches, DELETE /caches/{name}: the operator\'s view. */',
      "const bearer = /^Bearer\\s+(\\S+)$/i.exec(request.headers.authorization ?? '')?.[1];",
      'const { page } = request.query;',
      "const label = 'Select a season';",
    ].join('\n');
    expect(sqlFindings('a-routes.ts', code)).toEqual([]);
  });
});
