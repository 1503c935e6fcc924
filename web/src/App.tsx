import { useCallback, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { ConsolePage } from './components/ConsolePage';
import { readConsoleConfig } from './console-config';
import { createGraphClient, type LinkState } from './graph/graph-client';
import { SignInPage } from './session/SignInPage';
import { sessionStore, type Session } from './session/session';

const config = readConsoleConfig();

/** Signed out: the sign-in page; signed in: the console, over a graph client holding the token. */
export function App() {
  const [session, setSession] = useState<Session | null>(() => sessionStore.read());
  const [notice, setNotice] = useState<string>();
  const [link, setLink] = useState<LinkState>('connecting');

  const signIn = useCallback((next: Session) => {
    sessionStore.write(next);
    setNotice(undefined);
    setSession(next);
  }, []);

  const signOut = useCallback((reason?: string) => {
    sessionStore.clear();
    setNotice(reason);
    setSession(null);
  }, []);

  const token = session?.token;
  const graph = useMemo(
    () =>
      createGraphClient({
        gatewayUrl: config.gatewayUrl,
        token,
        onUnauthenticated: () => signOut('Your session has ended. Sign in again.'),
        onLinkState: setLink,
      }),
    [token, signOut],
  );
  useEffect(() => () => graph.dispose(), [graph]);

  const chooseOrganisation = useCallback(
    (organisationId: string) => {
      if (!session) return;
      const next = { ...session, organisationId };
      sessionStore.write(next);
      setSession(next);
    },
    [session],
  );

  return (
    <Provider value={graph.client}>
      {session ? (
        <ConsolePage session={session} link={link} onSignOut={() => signOut()} onChooseOrganisation={chooseOrganisation} />
      ) : (
        <SignInPage notice={notice} onSignedIn={signIn} />
      )}
    </Provider>
  );
}
