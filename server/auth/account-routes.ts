import type { FastifyInstance } from 'fastify';
import {
  actionResultSchema, passwordChangeBodySchema, renameQuerySchema, restoreBodySchema, restoreInitBodySchema, restoreVisitBodySchema,
  restoreVisitResultSchema, signupBodySchema, signupResultSchema, userSchema, type ActionResult, type User,
} from '../../src/contract/schemas/auth-schema.ts';
import type { ZodTypeProvider } from '../http/schema-validation.ts';
import { SECURITY } from '../openapi/route-docs.ts';
import { attemptsLimit, AUTH_BODY_LIMIT_BYTES, type AuthRouteOptions } from './auth-route-options.ts';
import { authenticated, callerOf } from './authenticated.ts';

/** A restore token of the right shape that names no open link. */
const WRONG_LINK_REFUSAL = 'the token names no open link: wrong, used or expired';

/** Signup, password restore and change, and the account's own details (SPEC.md section 7). */
export function accountRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { accounts, guard } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { bodyLimit: AUTH_BODY_LIMIT_BYTES, config: { rateLimit: attemptsLimit(options.attemptsPerMinute) } };
  const attemptErrors = [429];
  const sessionErrors = [401, 403];

  // 202: the code is on its way (or, for a taken address, a note to its owner); same answer for both.
  api.post('/signup', {
    ...limited,
    schema: { summary: 'Sign up: a code is mailed to the address', body: signupBodySchema, response: { 202: signupResultSchema }, errors: attemptErrors },
  }, async (request, reply) => {
    const { body } = request;
    await accounts.signup(body.email, body.password, body.name);
    return reply.status(202).send({ status: 'pending', email: body.email });
  });

  api.post('/user/password/restore/init', {
    ...limited,
    schema: { summary: 'Mail a password restore link', body: restoreInitBodySchema, response: { 202: actionResultSchema }, errors: attemptErrors },
  }, async (request, reply) => reply.status(202).send(accounts.restoreInit(request.body.email)));

  api.put('/user/password/restore/visit-link', {
    ...limited,
    schema: { summary: 'Check a restore link\'s token', body: restoreVisitBodySchema, response: { 200: restoreVisitResultSchema }, errors: attemptErrors, refusesWellFormed: WRONG_LINK_REFUSAL },
  }, async (request): Promise<{ email: string }> => accounts.restoreVisit(request.body.token));

  api.post('/user/password/restore', {
    ...limited,
    schema: { summary: 'Set a new password with a restore token', body: restoreBodySchema, response: { 200: actionResultSchema }, errors: attemptErrors, refusesWellFormed: WRONG_LINK_REFUSAL },
  }, async (request): Promise<ActionResult> => accounts.restore(request.body.token, request.body.password));

  api.post('/user/password/change', {
    ...limited,
    ...authenticated(guard),
    schema: {
      summary: 'Change the password', security: SECURITY.session, body: passwordChangeBodySchema, response: { 200: actionResultSchema }, errors: [...attemptErrors, ...sessionErrors],
      refusesWellFormed: 'the current password is wrong (oldPassword)',
    },
  }, async (request): Promise<ActionResult> => accounts.changePassword(callerOf(request), request.body.oldPassword, request.body.newPassword, request.ip));

  api.patch('/user/rename', {
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    ...authenticated(guard),
    schema: { summary: 'Rename the account', security: SECURITY.session, querystring: renameQuerySchema, response: { 200: userSchema }, errors: sessionErrors },
  }, async (request): Promise<User> => accounts.rename(callerOf(request), request.query.name));

  api.get('/user/details', {
    ...authenticated(guard),
    schema: { summary: 'The account\'s details', security: SECURITY.session, response: { 200: userSchema }, errors: sessionErrors },
  }, async (request): Promise<User> => accounts.details(callerOf(request)));
}
