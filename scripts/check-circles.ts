/**
 * Import circles (ARCHITECTURE.md rule 1: arrows point one way), found with madge.
 *
 *   tsx scripts/check-circles.ts     (npm run check:circles)
 *
 * Fails on any circle of modules in src/, workers/ or server/, and on a circle between the
 * folders of src/ and workers/ (src/core ↔ src/engine, say: each a room, each arrow between two
 * rooms one way); tests are left out of the folder check, since a test may import whatever it
 * drives.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TEST = /\.test(-d)?\.tsx?$/;

/** The room a module belongs to: src/<folder> or workers/<folder>; undefined elsewhere. */
export function folderOf(file: string): string | undefined {
  const [top, folder, ...rest] = file.split('/');
  return (top === 'src' || top === 'workers') && folder && rest.length > 0 ? `${top}/${folder}` : undefined;
}

/** The folders that import each other round (strongly connected, more than one), from a module graph. */
export function folderCircles(graph: Record<string, string[]>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [from, targets] of Object.entries(graph)) {
    const a = folderOf(from);
    if (!a || TEST.test(from)) continue;
    for (const to of targets) {
      const b = folderOf(to);
      if (b && b !== a) edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The arrows between the folders of a circle, each with an example module pair, so the report says what to cut. */
function arrowsWithin(graph: Record<string, string[]>, folders: readonly string[]): string[] {
  const inside = new Set(folders);
  const arrows = new Map<string, string[]>();
  for (const [from, targets] of Object.entries(graph)) {
    const a = folderOf(from);
    if (!a || !inside.has(a) || TEST.test(from)) continue;
    for (const to of targets) {
      const b = folderOf(to);
      if (b === undefined || b === a || !inside.has(b)) continue;
      const key = `${a} → ${b}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${from} → ${to}`]);
    }
  }
  return [...arrows].sort().map(([key, imports]) => `${key} (${imports.length}: ${imports[0]}${imports.length > 1 ? ', …' : ''})`);
}

async function main(): Promise<void> {
  const result = await madge(['src', 'workers', 'server'], {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
  });
  const circles = result.circular();
  const graph = result.obj();
  const folders = folderCircles(graph);

  const show = (circle: string[]) => `  ${[...circle, circle[0]].join(' → ')}`;
  if (circles.length === 0 && folders.length === 0) {
    console.log('src/, workers/ and server/: no import circle between modules; src/ and workers/: none between folders.');
    return;
  }
  if (circles.length > 0) console.error(`${circles.length} import circle(s):\n${circles.map(show).join('\n')}\n`);
  for (const circle of folders) {
    console.error(`Folders importing each other: ${circle.join(', ')}\n${arrowsWithin(graph, circle).map((arrow) => `  ${arrow}`).join('\n')}\n`);
  }
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
