/** Where to go after logging in: a path of this site only, never another origin ('//evil.example'). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
