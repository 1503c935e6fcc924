/** Who is signed in, in this tab. */
export interface Session {
  token: string;
  userId: string;
  username: string;
  organisationId?: string;
}

const KEY = 'switchyard.console.session';

/**
 * The session lives in sessionStorage: it survives a reload of the tab, is never shared with
 * other tabs or written to disk for later, and signing out removes it.
 */
export const sessionStore = {
  read(): Session | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as Session) : null;
    } catch {
      return null;
    }
  },
  write(session: Session): void {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
