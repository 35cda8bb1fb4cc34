import rateLimit from '@fastify/rate-limit';
import { rateLimitScope } from '../../shared-state/install-shared-state.ts';
import type { FastifyInstance } from 'fastify';
import { filteredSearchRequestSchema, searchPageSchema, searchRequestSchema } from '../../../src/contract/schemas/search-schema.ts';
import type { ZodTypeProvider } from '../../http/schema-validation.ts';
import type { CatalogueApiDeps } from '../catalogue-api-deps.ts';
import { CatalogueCache } from '../catalogue-cache.ts';
import { POST_ANSWER_ENTRIES, sendCachedPostAnswer } from '../post-answer-cache.ts';
import { searchIndexGeneration } from './search-index.ts';
import { SearchRepository } from './search-repository.ts';

const HOW_IT_SEARCHES = `Russian full-text search over titles, original titles, people's names and descriptions:
any grammatical form of a word matches ('любви' finds 'Любовь'), a typo or two is forgiven ('масква' finds 'Москва'),
the query's last word may be unfinished, and words like 'фильм' or 'смотреть онлайн' are ignored when others remain.
Every word must match. Best first: a title of exactly the query's words, then title over original title over people over
description, the exact word over a near one, then popularity. Each item carries \`highlight\`: its title and a short
description snippet as text segments, the matched words marked.`;

/** Search: /v2/contents/search and /v2/contents/search-with-filter (SPEC.md section 7). */
export async function searchRoutes(app: FastifyInstance, deps: CatalogueApiDeps): Promise<void> {
  const search = new SearchRepository(deps.db);
  // A database seeded before the search existed gets its index now, not never.
  await search.ensureIndex();
  const answers = new CatalogueCache({ maxEntries: POST_ANSWER_ENTRIES });
  deps.caches.register({
    name: 'search',
    description: 'search answers, by query, filters and page',
    entries: () => answers.size,
    clear: () => answers.invalidate(),
  });
  await app.register(async (scope) => {
    // A search costs the database far more than a cached read: a client gets its share, no more.
    const perMinute = deps.config.searchRateLimit;
    await scope.register(rateLimit, rateLimitScope(scope));
    searchCalls(scope, search, answers, perMinute > 0 ? { max: perMinute, timeWindow: '1 minute' } : false);
  });
}

function searchCalls(app: FastifyInstance, search: SearchRepository, answers: CatalogueCache, limit: { max: number; timeWindow: string } | false): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/v2/contents/search', {
    config: { rateLimit: limit },
    schema: {
      summary: 'Search the catalogue',
      description: HOW_IT_SEARCHES,
      body: searchRequestSchema,
      response: { 200: searchPageSchema },
      errors: [429],
    },
  }, async (request, reply) => {
    const { query, page, pageSize } = request.body;
    return sendCachedPostAnswer(request, reply, answers, () => search.search({ query, page, pageSize }), { ...request.body, query: sameQuery(query), index: searchIndexGeneration() });
  });

  api.post('/v2/contents/search-with-filter', {
    config: { rateLimit: limit },
    schema: {
      summary: 'Search the catalogue within listing filters',
      description: `${HOW_IT_SEARCHES}\n\nThe listing filters (types, genres, countries, languages, tags, year and rating ranges)
narrow the results as they narrow a listing. With \`sort\` the results come in that order (\`order\` to reverse it)
instead of by relevance.`,
      body: filteredSearchRequestSchema,
      response: { 200: searchPageSchema },
      errors: [429],
    },
  }, async (request, reply) => {
    const { query, page, pageSize, ...filters } = request.body;
    return sendCachedPostAnswer(request, reply, answers, () => search.search({ query, page, pageSize, filters }), { ...request.body, query: sameQuery(query), index: searchIndexGeneration() });
  });
}

/** 'Тихая  Река' and 'тихая река' find the same: one cache key. */
function sameQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}
