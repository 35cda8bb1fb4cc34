/**
 * The host SDK's API reference (docs/sdk-reference.md), generated from its types and their
 * TSDoc in src/embed, so the reference says what the code does:
 *
 *   npm run docs:sdk            write docs/sdk-reference.md
 *   npm run docs:sdk -- --check exit 1 when the committed file is not what the types say
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUTPUT = path.join(ROOT, 'docs/sdk-reference.md');
const source = (file: string) => path.join(ROOT, file);

interface Member {
  name: string;
  signature: string;
  doc: string;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

/** A node's TSDoc as one line of Markdown (its @param/@throws tags kept as sentences). */
function docOf(node: ts.Node): string {
  const parts: string[] = [];
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    if (!ts.isJSDoc(doc)) continue;
    const comment = ts.getTextOfJSDocComment(doc.comment);
    if (comment) parts.push(comment);
    for (const tag of doc.tags ?? []) {
      const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
      if (ts.isJSDocParameterTag(tag)) parts.push(`\`${tag.name.getText()}\`: ${text.replace(/^-\s*/, '')}`);
      else parts.push(`${tag.tagName.text === 'throws' ? 'Throws' : `@${tag.tagName.text}`} ${text}`);
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const compact = (text: string) => text.replace(/\s+/g, ' ').replace(/;\s*}/g, ' }').trim();

function interfaceMembers(sourceFile: ts.SourceFile, name: string): { doc: string; members: Member[] } {
  let found: ts.InterfaceDeclaration | undefined;
  sourceFile.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) found = node;
  });
  if (!found) throw new Error(`no interface ${name} in ${sourceFile.fileName}`);
  const members = found.members.filter(ts.isPropertySignature).map((member) => ({
    name: member.name.getText(),
    signature: compact(member.type?.getText() ?? 'unknown') + (member.questionToken ? ' (optional)' : ''),
    doc: docOf(member),
  }));
  return { doc: docOf(found), members };
}

function classMembers(sourceFile: ts.SourceFile, name: string): { doc: string; members: Member[] } {
  let found: ts.ClassDeclaration | undefined;
  sourceFile.forEachChild((node) => {
    if (ts.isClassDeclaration(node) && node.name?.text === name) found = node;
  });
  if (!found) throw new Error(`no class ${name} in ${sourceFile.fileName}`);
  const members: Member[] = [];
  for (const member of found.members) {
    if (!member.name || ts.isPrivateIdentifier(member.name)) continue;
    const memberName = member.name.getText();
    if (ts.isConstructorDeclaration(member)) continue;
    if (ts.isMethodDeclaration(member)) {
      const parameters = member.parameters.map((parameter) => compact(parameter.getText())).join(', ');
      members.push({ name: `${memberName}(${parameters})`, signature: compact(member.type?.getText() ?? 'void'), doc: docOf(member) });
    } else if (ts.isGetAccessorDeclaration(member) || ts.isPropertyDeclaration(member)) {
      members.push({ name: memberName, signature: compact(member.type?.getText() ?? ''), doc: docOf(member) });
    }
  }
  // Overloads are what callers see; the implementation's own signature is not.
  const constructors = found.members.filter(ts.isConstructorDeclaration);
  const overloads = constructors.filter((constructor) => !constructor.body);
  const doc = constructors.map(docOf).find(Boolean) ?? '';
  const rows = (overloads.length > 0 ? overloads : constructors).map((constructor, index) => ({
    name: `new ${name}(${constructor.parameters.map((parameter) => compact(parameter.getText())).join(', ')})`,
    signature: name,
    doc: index === 0 ? doc : '',
  }));
  members.unshift(...rows);
  return { doc: docOf(found), members };
}

const cell = (text: string) => text.replaceAll('|', '\\|');
const table = (header: [string, string, string], members: Member[]) =>
  [`| ${header.join(' | ')} |`, '|---|---|---|', ...members.map((member) => `| \`${cell(member.name)}\` | \`${cell(member.signature)}\` | ${cell(member.doc)} |`)].join('\n');

export async function renderReference(): Promise<string> {
  const read = async (file: string) => parse(file, await readFile(source(file), 'utf8'));
  const [player, api, snapshot, frame] = await Promise.all(['src/embed/kino-player.ts', 'src/contract/embed/host-api.ts', 'src/contract/embed/player-snapshot.ts', 'src/embed/player-frame.ts'].map(read));
  const kino = classMembers(player!, 'KinoPlayer');
  const options = interfaceMembers(frame!, 'PlayerFrameOptions');
  const ownOptions = interfaceMembers(player!, 'KinoPlayerOptions');
  const commands = interfaceMembers(api!, 'HostCommandMap');
  const events = interfaceMembers(api!, 'HostEventMap');
  const state = interfaceMembers(snapshot!, 'PlayerSnapshot');
  // A command's method says no more than the command: it takes the command's words.
  for (const member of kino.members) {
    const command = commands.members.find(({ name }) => member.name.startsWith(`${name}(`));
    if (!member.doc && command) member.doc = command.doc || 'See Commands.';
  }
  let errors = '';
  api!.forEachChild((node) => {
    if (ts.isVariableStatement(node) && node.getText().includes('HOST_ERROR_NAMES')) errors = docOf(node);
  });
  return [
    '# Host SDK reference',
    '',
    'Generated from the types in `src/embed` by `npm run docs:sdk`; the embedding guide is [embedding.md](embedding.md).',
    '',
    '## KinoPlayer',
    '',
    kino.doc,
    '',
    table(['member', 'type', ''], kino.members),
    '',
    '## Options',
    '',
    options.doc,
    '',
    table(['option', 'type', ''], [...options.members, ...ownOptions.members]),
    '',
    '## Commands',
    '',
    'Each is a method of `KinoPlayer` returning a Promise of its result. ' + commands.doc,
    '',
    table(['command', '{ args, result }', ''], commands.members),
    '',
    '## Errors',
    '',
    errors.replace(/ - /g, '\n- '),
    '',
    '## Events',
    '',
    'Listen with `player.on(name, listener)`; `off(name, listener)` stops. ' + events.doc,
    '',
    table(['event', 'data', ''], events.members),
    '',
    '## State',
    '',
    state.doc || 'player.state: the last known state, replaced as news arrives.',
    '',
    table(['field', 'type', ''], state.members),
    '',
    '## Types',
    '',
    ...['HostEpisodeRef', 'HostVariantRef', 'HostAudioTrackRef', 'HostSubtitleRef', 'HostAdBreak', 'HostError'].flatMap((name) => {
      const type = interfaceMembers(snapshot!, name);
      return [`### ${name}`, '', type.doc, '', table(['field', 'type', ''], type.members), ''];
    }),
    '### EpisodeTarget',
    '',
    '`{ episodeId: number } | { season: number; episode?: number }` — which episode to open: the catalogue\'s id, or season and episode numbers (episode default 1).',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const rendered = await renderReference();
  if (process.argv.includes('--check')) {
    const committed = await readFile(OUTPUT, 'utf8').catch(() => '');
    if (committed !== rendered) {
      console.error('docs/sdk-reference.md is not what src/embed says: run npm run docs:sdk');
      process.exit(1);
    }
    return;
  }
  await writeFile(OUTPUT, rendered);
  console.log(`wrote ${path.relative(ROOT, OUTPUT)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
