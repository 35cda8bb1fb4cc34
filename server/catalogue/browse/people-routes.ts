import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { personContentsSchema, personPageSchema, personsBodySchema, personTypeSchema } from '../../../src/contract/schemas/browse-schema.ts';
import { idParamsSchema } from '../../http/request-schemas.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { BrowseDeps } from './browse-deps.ts';
import { pageQuerySchema, slugParamsSchema } from './browse-requests.ts';
import { found, sendCachedAnswer } from './cached-answer.ts';
import { PeopleRepository } from './people-repository.ts';

/** Person types, the people of one type (most credited first, searchable by name), a person's contents. */
export function peopleRoutes(app: FastifyInstance, deps: BrowseDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { browseCache: cache } = deps;
  const people = new PeopleRepository(deps.db);

  api.get('/person-types', {
    schema: { summary: 'Kinds of credit (directors, actors, …) with how many people have each', response: { 200: z.array(personTypeSchema) } },
  }, async (request, reply) => sendCachedAnswer(request, reply, cache, 'person-types', () => people.personTypes()));

  api.post('/person-types/:slug/persons', {
    schema: {
      summary: 'People credited in one role, most contents first',
      description: '`query` keeps the names (Russian or original) that contain it, case aside. contentsCount counts the contents in this role.',
      params: slugParamsSchema,
      body: personsBodySchema,
      response: { 200: personPageSchema },
      errors: [404],
    },
  }, async (request) => {
    const { slug } = request.params;
    return found(await people.personsOfType(slug, request.body), `person type ${slug} not found`);
  });

  api.get('/persons/:id/contents', {
    schema: {
      summary: 'A person and a page of the contents they took part in, newest first, with their roles',
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: personContentsSchema },
      errors: [404],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const { page, pageSize } = request.query;
    return sendCachedAnswer(request, reply, cache, `person:${id}:${page}:${pageSize}`, () => people.personWithContents(id, { page, pageSize }),
      `person ${id} not found`);
  });
}
