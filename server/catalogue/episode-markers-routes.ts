import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { episodeSchema } from '../../src/contract/schemas/schema.ts';
import { requireOperator } from '../auth/operator-access.ts';
import { HttpError } from '../http/http-error.ts';
import { idParamsSchema } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import type { CatalogueRepository, EpisodeMarkers } from './catalogue-repository.ts';

/** `{"intro": {"start": …, "end": …}, "creditsStart": …}` with room to spare. */
const BODY_LIMIT_BYTES = 1_024;

/** PUT /catalog-api/admin/episodes/{id}/markers: both fields, each null to clear it. */
export const episodeMarkersBodySchema = z
  .strictObject({
    intro: z
      .strictObject({
        start: z.number().nonnegative().meta({ description: 'Seconds from the episode\'s start where the opening titles begin' }),
        end: z.number().positive().meta({ description: 'Seconds from the episode\'s start where they end' }),
      })
      .nullable()
      .meta({ description: 'The opening titles; null: the episode has none' }),
    creditsStart: z.number().positive().nullable().meta({ description: 'Seconds from the start where the closing credits begin; null: unknown' }),
  })
  .superRefine((markers, context) => {
    const { intro, creditsStart } = markers;
    if (intro && intro.start >= intro.end) context.addIssue({ code: 'custom', path: ['intro', 'end'], message: 'must be after intro.start' });
    if (intro && creditsStart !== null && intro.end > creditsStart) {
      context.addIssue({ code: 'custom', path: ['creditsStart'], message: 'must not come before intro.end' });
    }
  });

export interface EpisodeMarkersRouteOptions {
  catalogue: CatalogueRepository;
  /** Empties the catalogue's cached answers (and what is built from them) in every process. */
  forgetCatalogueAnswers: () => Promise<void>;
  adminToken: string | undefined;
}

/**
 * The operator sets where an episode's intro runs and where its credits start, as the media
 * tools propose them (npm run media:detect-intro) or by hand. Behind ADMIN_TOKEN or an
 * administrator's access token, as the other operator routes; the next catalogue read shows them.
 */
export function episodeMarkersRoutes(app: FastifyInstance, options: EpisodeMarkersRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = options;

  api.put('/admin/episodes/:id/markers', {
    // The gate comes before the input is read: a stranger gets 401, not a field error.
    preValidation: requireOperator(options.adminToken),
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      summary: 'Set an episode\'s intro and where its credits start; answers the episode as the catalogue now lists it',
      description: 'Seconds from the episode\'s start: 0 ≤ intro.start < intro.end ≤ duration, creditsStart ≤ duration, and intro.end ≤ creditsStart. Null clears a marker.',
      tags: ['admin'], admin: true, security: [{ bearerAuth: [] }],
      params: idParamsSchema, body: episodeMarkersBodySchema, response: { 200: episodeSchema }, errors: [400, 401, 403, 404, 413, 503],
      refusesWellFormed: 'the markers are out of order (intro.start < intro.end ≤ creditsStart) or past the episode\'s duration',
    },
  }, async (request) => {
    const { id } = request.params;
    const markers: EpisodeMarkers = request.body;
    const episode = await catalogue.findEpisode(id);
    if (!episode) throw new HttpError(404, `episode ${id} not found`);
    const past = pastTheEnd(markers, episode.duration);
    if (past) throw new HttpError(400, `invalid body: ${past}: must be at most the episode's duration (${episode.duration} s)`);
    const written = await catalogue.setEpisodeMarkers(id, markers);
    if (written) await options.forgetCatalogueAnswers();
    // Gone meanwhile (an operator's delete between the reads): as unknown as before.
    const updated = written ? await catalogue.findEpisode(id) : null;
    if (!updated) throw new HttpError(404, `episode ${id} not found`);
    return updated;
  });
}

/** The first marker that lies past the episode's end, by its field path; null when none does. */
function pastTheEnd(markers: EpisodeMarkers, duration: number): string | null {
  if (markers.intro && markers.intro.end > duration) return 'intro.end';
  if (markers.creditsStart !== null && markers.creditsStart > duration) return 'creditsStart';
  return null;
}
