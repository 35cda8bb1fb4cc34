import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Page } from '../../src/contract/schemas/catalogue-schema.ts';
import {
  reviewBodySchema, reviewDeletedSchema, reviewListBodySchema, reviewPageSchema, reviewSchema, reviewVoteBodySchema, type Review,
} from '../../src/contract/schemas/viewer-schema.ts';
import { authenticated, callerOf } from '../auth/authenticated.ts';
import { idParamsSchema, idText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import type { ReviewsRepository } from './reviews-repository.ts';

// `id`, not the spec's `contentId`: the router shares one parameter per path position, and
// POST /v2/contents/{id}/reviews names it `id`.
const reviewParamsSchema = z.strictObject({ id: idText, reviewId: idText });
/** Reviews are short texts: a body past this is not a review. */
const REVIEW_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Reviews of a content (SPEC.md section 7): anyone reads them; a viewer writes one per content,
 * edits or deletes their own, and votes once on each of the others'. An administrator may delete any.
 */
export function reviewRoutes(app: FastifyInstance, reviews: ReviewsRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewer = authenticated(app.sessionGuard);
  const security = SECURITY.session;

  api.post('/v2/contents/:id/reviews', {
    schema: {
      summary: 'The reviews of a content, the newest or the most helpful first',
      params: idParamsSchema, body: reviewListBodySchema, response: { 200: reviewPageSchema }, errors: [404],
    },
  }, async (request): Promise<Page<Review>> => {
    const { sort, ...paging } = request.body;
    return reviews.page(request.params.id, paging, sort);
  });

  api.post('/v2/contents/:id/reviews/create', {
    ...viewer,
    bodyLimit: REVIEW_BODY_LIMIT_BYTES,
    schema: {
      summary: 'Review a content (once per viewer)', security,
      params: idParamsSchema, body: reviewBodySchema, response: { 201: reviewSchema }, errors: [401, 404, 409],
    },
  }, async (request, reply) => reply.status(201).send(await reviews.create(callerOf(request).userId, request.params.id, request.body)));

  api.get('/v2/contents/:id/reviews/:reviewId', {
    schema: { summary: 'One review of a content', params: reviewParamsSchema, response: { 200: reviewSchema }, errors: [404] },
  }, async (request): Promise<Review> => reviews.find(request.params.id, request.params.reviewId));

  api.put('/v2/contents/:id/reviews/:reviewId', {
    ...viewer,
    bodyLimit: REVIEW_BODY_LIMIT_BYTES,
    schema: {
      summary: 'Rewrite one\'s own review', security,
      params: reviewParamsSchema, body: reviewBodySchema, response: { 200: reviewSchema }, errors: [401, 403, 404],
    },
  }, async (request): Promise<Review> => {
    const { id: contentId, reviewId } = request.params;
    return reviews.update(callerOf(request), contentId, reviewId, request.body);
  });

  api.delete('/v2/contents/:id/reviews/:reviewId', {
    ...viewer,
    schema: {
      summary: 'Delete one\'s own review (an administrator: any review)', security,
      params: reviewParamsSchema, response: { 200: reviewDeletedSchema }, errors: [401, 403, 404],
    },
  }, async (request) => {
    const { id: contentId, reviewId } = request.params;
    await reviews.remove(callerOf(request), contentId, reviewId);
    return { id: reviewId, deleted: true as const };
  });

  api.post('/v2/contents/:id/reviews/:reviewId/vote', {
    ...viewer,
    schema: {
      summary: 'Vote a review helpful (1) or not (-1), once; not one\'s own', security,
      params: reviewParamsSchema, body: reviewVoteBodySchema, response: { 200: reviewSchema }, errors: [401, 403, 404, 409],
    },
  }, async (request): Promise<Review> => {
    const { id: contentId, reviewId } = request.params;
    return reviews.vote(callerOf(request).userId, contentId, reviewId, request.body.value);
  });
}
