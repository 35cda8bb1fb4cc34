import type { FastifyBaseLogger } from 'fastify';
import type { AuthConfig } from './auth-config.ts';
import { hashPassword } from './password-hasher.ts';
import type { UsersRepository } from './users-repository.ts';

/** The demo page logs in as this viewer (README, "Accounts"); off in production. */
export const DEMO_VIEWER = { email: 'demo@kino.example', password: 'kino-demo-viewer', name: 'Зритель' } as const;

/**
 * Accounts the operator asks for through the environment: the first administrator
 * (ADMIN_EMAIL, ADMIN_PASSWORD) and the demo viewer (DEMO_VIEWER). Run at every start; each
 * does nothing once its account is there.
 */
export async function ensureStartupAccounts(users: UsersRepository, config: AuthConfig, log: FastifyBaseLogger): Promise<void> {
  if (config.firstAdmin) {
    const { email, password } = config.firstAdmin;
    const done = await users.ensureAdmin(email, 'Администратор', () => hashPassword(password));
    if (done !== 'kept') log.info(`auth: administrator ${email} ${done}`);
  }
  if (config.demoViewer && !(await users.findByEmail(DEMO_VIEWER.email))) {
    await users.insertActiveViewer(DEMO_VIEWER.email, DEMO_VIEWER.name, await hashPassword(DEMO_VIEWER.password));
  }
}
