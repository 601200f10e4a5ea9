import { hasFullRouteSet, platformRoutes } from '@taxrecon/contracts';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../api/hooks.ts';
import { type StoredSession, storePermissions } from '../api/session.ts';

export interface Session extends StoredSession {
  fullName: string;
  currentEntity: string;
  isFull: boolean;
  isAdmin: boolean;
}

const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
};

// The signed-in user: what sign-in stored, refreshed from /session/me so a role or
// permission changed by an administrator applies without signing in again.
export function SessionProvider({ stored, children }: { stored: StoredSession; children: ReactNode }) {
  const me = useApiQuery(platformRoutes.me, {}, { staleTime: 60_000 });
  const [base, setBase] = useState(stored);

  useEffect(() => {
    const data = me.data;
    if (!data) return;
    const changed = data.role !== base.role || data.permissions.join(',') !== base.permissions.join(',');
    if (changed) {
      storePermissions(data.role, data.permissions);
      setBase((b) => ({ ...b, role: data.role, permissions: data.permissions }));
    }
  }, [me.data, base]);

  const session = useMemo<Session>(() => {
    const data = me.data;
    const fullName = data ? `${data.fname} ${data.lname}`.trim() : '';
    return {
      ...base,
      fullName: fullName || base.userName,
      currentEntity: data?.currentEntity?.subGroupDescription ?? '',
      isFull: hasFullRouteSet(base.role),
      isAdmin: base.role === 'ADMIN',
    };
  }, [base, me.data]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
