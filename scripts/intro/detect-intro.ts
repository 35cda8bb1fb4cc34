// npm run media:detect-intro -- <content id> [season] [--server URL] [--apply] [--json FILE]
//
// Proposes each episode's intro by matching the audio of the episodes of a season: the stretch
// an episode shares with the others is its opening. Reads the demo catalogue's files here, or a
// running server's episodes with --server. Prints the proposals; --json writes them; --apply
// (with --server and ADMIN_TOKEN or --token) sets them through PUT /catalog-api/admin/episodes/
// {id}/markers, keeping each episode's credits start. An episode with no shared opening is left
// as it is.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { episodeSchema } from '../../src/contract/schemas/schema.ts';
import { checkTools, ToolMissingError } from '../media/run.ts';
import { DEFAULT_SEARCH_SECONDS, describeProposals, proposeIntros, type ProposedIntro } from './detect.ts';
import { localEpisodes, serverEpisodes } from './episodes.ts';

const USAGE = 'usage: npm run media:detect-intro -- <content id> [season] [--server URL] [--apply] [--token TOKEN] [--json FILE] [--seconds N]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      server: { type: 'string' }, apply: { type: 'boolean', default: false }, token: { type: 'string' },
      json: { type: 'string' }, seconds: { type: 'string' },
    },
  });
  const contentId = Number(positionals[0]);
  const season = positionals[1] === undefined ? undefined : Number(positionals[1]);
  const seconds = values.seconds === undefined ? DEFAULT_SEARCH_SECONDS : Number(values.seconds);
  if (!Number.isInteger(contentId) || contentId <= 0 || (season !== undefined && !Number.isInteger(season)) || !(seconds > 0)) throw new Error(USAGE);
  const token = values.token ?? process.env.ADMIN_TOKEN;
  if (values.apply && (!values.server || !token)) throw new Error('--apply needs --server and an admin token (--token or ADMIN_TOKEN)');

  await checkTools();
  const episodes = values.server ? await serverEpisodes(values.server, contentId) : await localEpisodes(contentId);
  const proposals = await proposeIntros(episodes, { ...(season === undefined ? {} : { season }), searchSeconds: seconds });
  for (const line of describeProposals(proposals)) console.log(line);
  if (values.json) {
    const json = proposals.map(({ episode, intro }) => ({ id: episode.id, season: episode.season, order: episode.order, intro }));
    await writeFile(values.json, `${JSON.stringify({ contentId, episodes: json }, null, 2)}\n`);
    console.log(`written to ${values.json}`);
  }
  if (values.apply && values.server && token) await apply(values.server, token, contentId, proposals);
}

async function apply(server: string, token: string, contentId: number, proposals: readonly ProposedIntro[]): Promise<void> {
  const current = z.array(episodeSchema).parse(await (await fetch(new URL(`/catalog-api/episodes?content-id=${contentId}`, server))).json());
  for (const { episode, intro } of proposals) {
    if (!intro) continue;
    const creditsStart = current.find((candidate) => candidate.id === episode.id)?.creditsStart ?? null;
    const response = await fetch(new URL(`/catalog-api/admin/episodes/${episode.id}/markers`, server), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      // Credits that would now come before the intro's end are the operator's to fix, not ours to drop.
      body: JSON.stringify({ intro, creditsStart }),
    });
    console.log(`episode ${episode.id}: ${response.ok ? 'set' : `refused, ${response.status}: ${await response.text()}`}`);
  }
}

main().catch((error: unknown) => {
  // A missing tool or a wrong argument: the message says what to do; anything else, where it failed.
  console.error(error instanceof ToolMissingError || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : (error.stack ?? error.message));
  process.exit(1);
});
