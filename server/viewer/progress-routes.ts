import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  completedMarkSchema, contentTimeProgressSchema, lastWatchedSchema, timeProgressBodySchema, timeProgressSchema,
  type CompletedMark, type ContentTimeProgress, type LastWatched, type TimeProgress,
} from '../../src/contract/schemas/viewer-schema.ts';
import { authenticated, callerOf } from '../auth/authenticated.ts';
import { idParamsSchema, idText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import type { ProgressRepository } from './progress-repository.ts';

const episodeParamsSchema = z.strictObject({ id: idText, episodeId: idText });
/** 401 without a session; 404 for an unknown content, episode or variant. */
const errors = [401, 404];

/**
 * The player's per-viewer calls (SPEC.md section 7): save the time of an episode, read the
 * content's saved times at load, the last watched episode, and completed marks.
 */
export function progressRoutes(app: FastifyInstance, progress: ProgressRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewer = authenticated(app.sessionGuard);

  api.post('/contents/:id/episodes/:episodeId/time-progress', {
    ...viewer,
    schema: {
      summary: 'Save where the viewer stopped in an episode',
      description: 'One saved time per episode and voice-over variant; the content goes on top of the viewer\'s history.',
      security: SECURITY.session,
      params: episodeParamsSchema,
      body: timeProgressBodySchema,
      response: { 200: timeProgressSchema },
      errors,
    },
  }, async (request): Promise<TimeProgress> => {
    const { id, episodeId } = request.params;
    const { time, duration, variantId } = request.body;
    return progress.saveTime(callerOf(request).userId, { contentId: id, episodeId, variantId: variantId ?? null, time, duration: duration ?? null });
  });

  api.get('/contents/:id/time-progress', {
    ...viewer,
    schema: {
      summary: 'The viewer\'s saved times of a content, newest first',
      security: SECURITY.session,
      params: idParamsSchema,
      response: { 200: contentTimeProgressSchema },
      errors,
    },
  }, async (request): Promise<ContentTimeProgress> => ({
    items: await progress.contentProgress(callerOf(request).userId, request.params.id),
  }));

  api.get('/contents/:id/episodes/watched/last', {
    ...viewer,
    schema: {
      summary: 'The viewer\'s last watched episode of a content',
      security: SECURITY.session,
      params: idParamsSchema,
      response: { 200: lastWatchedSchema },
      errors,
    },
  }, async (request): Promise<LastWatched> => progress.lastWatched(callerOf(request).userId, request.params.id));

  const completedSchema = (summary: string) => ({
    summary, security: SECURITY.session, params: episodeParamsSchema, response: { 200: completedMarkSchema }, errors,
  });
  api.post('/contents/:id/episodes/:episodeId/completed', {
    ...viewer,
    schema: completedSchema('Mark an episode completed for the viewer'),
  }, async (request): Promise<CompletedMark> => {
    const { id, episodeId } = request.params;
    return progress.setCompleted(callerOf(request).userId, id, episodeId, true);
  });

  api.delete('/contents/:id/episodes/:episodeId/completed', {
    ...viewer,
    schema: completedSchema('Take back an episode\'s completed mark'),
  }, async (request): Promise<CompletedMark> => {
    const { id, episodeId } = request.params;
    return progress.setCompleted(callerOf(request).userId, id, episodeId, false);
  });
}
