import type { LoginResponse } from '@taxrecon/contracts';

// What the spec keeps in local storage after sign-in: token, user name, role and
// permissions (comma-separated).
const KEYS = { token: 'token', userName: 'userName', role: 'role', permissions: 'permissions' } as const;

export interface StoredSession {
  token: string;
  userName: string;
  role: string;
  permissions: string[];
}

const read = (key: string): string => {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};

export const getToken = (): string => read(KEYS.token);

export const getSession = (): StoredSession | null => {
  const token = read(KEYS.token);
  if (!token) return null;
  const permissions = read(KEYS.permissions);
  return {
    token,
    userName: read(KEYS.userName),
    role: read(KEYS.role),
    permissions: permissions ? permissions.split(',') : [],
  };
};

export const storeSession = (
  login: Pick<LoginResponse, 'userId' | 'token' | 'role' | 'permissions'>,
): void => {
  window.localStorage.setItem(KEYS.token, login.token);
  window.localStorage.setItem(KEYS.userName, login.userId);
  window.localStorage.setItem(KEYS.role, login.role);
  window.localStorage.setItem(KEYS.permissions, login.permissions.join(','));
};

export const storePermissions = (role: string, permissions: readonly string[]): void => {
  window.localStorage.setItem(KEYS.role, role);
  window.localStorage.setItem(KEYS.permissions, permissions.join(','));
};

export const clearSession = (): void => {
  for (const key of Object.values(KEYS)) window.localStorage.removeItem(key);
};
