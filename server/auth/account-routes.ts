import type { FastifyInstance } from 'fastify';
import {
  passwordChangeBodySchema, renameQuerySchema, restoreBodySchema, restoreInitBodySchema, restoreVisitBodySchema, signupBodySchema,
  type ActionResult, type User,
} from '../../src/api/auth-schema.ts';
import { attemptsLimit, AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import { parseRequestPart } from './request-validation.ts';

/** Signup, password restore and change, and the account's own details (SPEC.md section 7). */
export function accountRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { accounts, guard } = options;
  const limited = { bodyLimit: AUTH_BODY_LIMIT_BYTES, config: { rateLimit: attemptsLimit(options.attemptsPerMinute) } };

  // 202: the code is on its way (or, for a taken address, a note to its owner); same answer for both.
  app.post('/signup', limited, async (request, reply) => {
    const body = parseRequestPart(signupBodySchema, request.body, 'body');
    await accounts.signup(body.email, body.password, body.name);
    return reply.status(202).send({ status: 'pending', email: body.email });
  });

  app.post('/user/password/restore/init', limited, async (request, reply) => {
    const body = parseRequestPart(restoreInitBodySchema, request.body, 'body');
    return reply.status(202).send(accounts.restoreInit(body.email));
  });

  app.put('/user/password/restore/visit-link', limited, async (request): Promise<{ email: string }> => {
    const body = parseRequestPart(restoreVisitBodySchema, request.body, 'body');
    return accounts.restoreVisit(body.token);
  });

  app.post('/user/password/restore', limited, async (request): Promise<ActionResult> => {
    const body = parseRequestPart(restoreBodySchema, request.body, 'body');
    return accounts.restore(body.token, body.password);
  });

  app.post('/user/password/change', limited, async (request): Promise<ActionResult> => {
    const caller = await guard.authenticate(request);
    const body = parseRequestPart(passwordChangeBodySchema, request.body, 'body');
    return accounts.changePassword(caller, body.oldPassword, body.newPassword);
  });

  app.patch('/user/rename', { bodyLimit: AUTH_BODY_LIMIT_BYTES }, async (request): Promise<User> => {
    const caller = await guard.authenticate(request);
    const query = parseRequestPart(renameQuerySchema, request.query, 'query');
    return accounts.rename(caller, query.name);
  });

  app.get('/user/details', async (request): Promise<User> => accounts.details(await guard.authenticate(request)));
}
