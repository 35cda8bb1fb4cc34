import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Role } from '../../src/contract/schemas/auth-schema.ts';
import type { Caller, SessionGuard } from './session-guard.ts';

const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * Route options that authenticate before the input is validated: a caller without a session
 * gets its 401 (or 403 without the role), never a field error about a form it may not send.
 */
export function authenticated(guard: SessionGuard, role?: Role): { preValidation: preValidationAsyncHookHandler } {
  return {
    async preValidation(request) {
      callers.set(request, role ? await guard.requireRole(request, role) : await guard.authenticate(request));
    },
  };
}

/** Who called a route registered with authenticated(). */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.routeOptions.url ?? request.url} was not registered with authenticated()`);
  return caller;
}
