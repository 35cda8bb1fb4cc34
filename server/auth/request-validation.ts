import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';

/** Enough to fix a form; a fuzzer's hundred problems are summed up. */
const MAX_REPORTED_ISSUES = 10;

/**
 * The part of a request a schema describes, or a 400 in the usual error shape whose message
 * names each wrong field with its path: "invalid body: email: Invalid email address; …".
 */
export function parseRequestPart<S extends z.ZodType>(schema: S, value: unknown, part: 'body' | 'query' | 'path'): z.output<S> {
  const parsed = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (parsed.success) return parsed.data;
  throw new HttpError(400, `invalid ${part}: ${describeIssues(parsed.error.issues)}`);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const described = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    const path = issue.path.map(String).join('.') || `(${issue.code === 'unrecognized_keys' ? 'fields' : 'whole'})`;
    return `${path}: ${issue.message}`;
  });
  if (issues.length > MAX_REPORTED_ISSUES) described.push(`and ${issues.length - MAX_REPORTED_ISSUES} more`);
  return described.join('; ');
}
