import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cookieValue } from '../../contract/auth/access-token.ts';
import type { User } from '../../contract/schemas/auth-schema.ts';
import { authApi, logOut } from '../api/auth-api.ts';

export interface SessionState {
  /** undefined while the first check runs; null when nobody is logged in. */
  user: User | null | undefined;
  loggedIn: (user: User) => void;
  /** Resolves once the service has ended the session (or could not be reached). */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionState>({ user: null, loggedIn: () => undefined, logout: async () => undefined });

/** Who is logged in: asked once at start when a session cookie says someone may be. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null | undefined>(undefined);
  useEffect(() => {
    const cookie = document.cookie;
    if (!cookieValue(cookie, 'authToken') && !cookieValue(cookie, 'authSession')) {
      setUser(null);
      return;
    }
    const lifetime = new AbortController();
    authApi.details(lifetime.signal).then(setUser, () => lifetime.signal.aborted || setUser(null));
    return () => lifetime.abort();
  }, []);
  const loggedIn = useCallback((next: User) => setUser(next), []);
  const logout = useCallback(async () => {
    setUser(null);
    // Unreachable, the service still lets the session expire; the device has forgotten it.
    await logOut().catch(() => undefined);
  }, []);
  const value = useMemo(() => ({ user, loggedIn, logout }), [user, loggedIn, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
