/** The /authenticator calls the site's account pages make; the answers set the cookies the player reads too. */
import {
  actionResultSchema,
  logoutResultSchema,
  restoreVisitResultSchema,
  sessionSchema,
  signupResultSchema,
  userSchema,
} from '../../contract/schemas/auth-schema.ts';
import { clearSessionCookies } from '../../contract/auth/token-refresh.ts';
import { apiCall, AUTH } from './site-http.ts';

export const authApi = {
  details: (signal?: AbortSignal) => apiCall(userSchema, 'GET', `${AUTH}/user/details`, { signal }),
  login: (email: string, password: string) => apiCall(sessionSchema, 'POST', `${AUTH}/authentication`, { body: { email, password } }),
  signup: (email: string, password: string, name?: string) =>
    apiCall(signupResultSchema, 'POST', `${AUTH}/signup`, { body: name ? { email, password, name } : { email, password } }),
  completeSignup: (email: string, code: string) => apiCall(sessionSchema, 'POST', `${AUTH}/signup/complete`, { body: { email, code } }),
  restoreInit: (email: string) => apiCall(actionResultSchema, 'POST', `${AUTH}/user/password/restore/init`, { body: { email } }),
  restoreVisit: (token: string) => apiCall(restoreVisitResultSchema, 'PUT', `${AUTH}/user/password/restore/visit-link`, { body: { token } }),
  restore: (token: string, password: string) => apiCall(actionResultSchema, 'POST', `${AUTH}/user/password/restore`, { body: { token, password } }),
  /** Ends the session on the server (by the HttpOnly refresh cookie) and clears its cookies. */
  logout: () => apiCall(logoutResultSchema, 'POST', `${AUTH}/logout`, { body: {} }),
};

/**
 * Logging out on this device: the readable session cookies go at once (path /, as the service
 * set them), so neither the site nor the player sends or refreshes the token any more; then the
 * service ends the session by its HttpOnly refresh cookie, which only it can clear. The readable
 * cookies go first so the call does not refresh an expired access token on its way.
 */
export async function logOut(): Promise<void> {
  clearSessionCookies();
  await authApi.logout();
}
