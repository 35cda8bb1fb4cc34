import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ContentCard, Page } from '../../src/contract/schemas/catalogue-schema.ts';
import {
  pagingBodySchema, playlistContentsPageSchema, playlistContentsV2BodySchema, playlistCreateBodySchema, playlistEntrySchema,
  playlistListBodySchema, playlistPageSchema, playlistSchema, type Playlist, type PlaylistEntry,
} from '../../src/contract/schemas/viewer-schema.ts';
import { authenticated, callerOf } from '../auth/authenticated.ts';
import { idParamsSchema, idText, singleText } from '../http/request-schemas.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY, type SecurityRequirement } from '../openapi/route-docs.ts';
import type { PlaylistContentsRepository } from './playlist-contents-repository.ts';
import type { PlaylistsRepository } from './playlists-repository.ts';

const slugParamsSchema = z.strictObject({ slug: singleText(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a slug: lower-case latin letters, digits and hyphens') });
const entryParamsSchema = z.strictObject({ id: idText, contentId: idText });
/** Anyone; with a bearer token, the viewer's private playlists too. */
const optionalSession: SecurityRequirement[] = [{}, { bearerAuth: [] }];

/**
 * Playlists (SPEC.md section 7): a viewer makes their own, public or private, and fills them;
 * anyone reads the public and editorial ones. A playlist one may not see is a 404, as if absent.
 */
export function playlistRoutes(app: FastifyInstance, playlists: PlaylistsRepository, contents: PlaylistContentsRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewer = authenticated(app.sessionGuard);
  const security = SECURITY.session;
  /** The token's viewer when there is a valid one; reading needs none. */
  const readerOf = async (request: FastifyRequest) => (await app.sessionGuard.bearerCaller(request))?.userId ?? null;

  api.post('/playlists/new', {
    ...viewer,
    schema: {
      summary: 'Make a playlist (private unless isPublic)', security,
      body: playlistCreateBodySchema, response: { 201: playlistSchema }, errors: [401, 409],
    },
  }, async (request, reply) => reply.status(201).send(await playlists.create(callerOf(request).userId, request.body)));

  api.post('/playlists/:id', {
    schema: { summary: 'A playlist', security: optionalSession, params: idParamsSchema, response: { 200: playlistSchema }, errors: [404] },
  }, async (request): Promise<Playlist> => playlists.visible({ id: request.params.id }, await readerOf(request)));

  api.post('/playlists/by-slug/:slug', {
    schema: { summary: 'A playlist by its slug', security: optionalSession, params: slugParamsSchema, response: { 200: playlistSchema }, errors: [404] },
  }, async (request): Promise<Playlist> => playlists.visible({ slug: request.params.slug }, await readerOf(request)));

  api.post('/playlists/:id/contents', {
    schema: {
      summary: 'The contents of a playlist, in its order', security: optionalSession,
      params: idParamsSchema, body: pagingBodySchema, response: { 200: playlistContentsPageSchema }, errors: [404],
    },
  }, async (request): Promise<Page<ContentCard>> => contents.page(request.params.id, await readerOf(request), request.body));

  api.post('/v2/playlists/:id/contents', {
    schema: {
      summary: 'The contents of a playlist, in its order, optionally only some types', security: optionalSession,
      params: idParamsSchema, body: playlistContentsV2BodySchema, response: { 200: playlistContentsPageSchema }, errors: [404],
    },
  }, async (request): Promise<Page<ContentCard>> => {
    const { types, ...paging } = request.body;
    return contents.page(request.params.id, await readerOf(request), paging, types);
  });

  api.post('/v2/playlists', {
    schema: {
      summary: 'The editorial and public playlists (with a token, the viewer\'s own too); mine: only the viewer\'s own',
      security: optionalSession, body: playlistListBodySchema, response: { 200: playlistPageSchema }, errors: [401],
    },
  }, async (request) => {
    const { mine, ...paging } = request.body;
    // "Mine" means nothing without a session: it is a 401, not an empty page.
    const reader = mine ? (await app.sessionGuard.authenticate(request)).userId : await readerOf(request);
    return playlists.page(reader, paging, mine);
  });

  api.post('/playlists/:id/contents/:contentId', {
    ...viewer,
    schema: {
      summary: 'Add a content at the end of one\'s playlist (again: no change)', security,
      params: entryParamsSchema, response: { 200: playlistEntrySchema }, errors: [401, 403, 404, 409],
    },
  }, async (request): Promise<PlaylistEntry> => contents.add(request.params.id, callerOf(request).userId, request.params.contentId));

  api.delete('/playlists/:id/contents/:contentId', {
    ...viewer,
    schema: {
      summary: 'Take a content out of one\'s playlist', security,
      params: entryParamsSchema, response: { 200: playlistEntrySchema }, errors: [401, 403, 404],
    },
  }, async (request): Promise<PlaylistEntry> => contents.remove(request.params.id, callerOf(request).userId, request.params.contentId));
}
