import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { LoginMutation } from '../operations/sign-in';
import type { Session } from './session';

interface Props {
  notice?: string;
  onSignedIn(session: Session): void;
}

export function SignInPage({ notice, onSignedIn }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [login, run] = useMutation(LoginMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run({ username: username.trim(), password });
    if (result.data) {
      const { token, userId, username: name } = result.data.login;
      onSignedIn({ token, userId, username: name });
    }
  };

  return (
    <main className="page-centre">
      <form className="card sign-in" onSubmit={submit} aria-labelledby="sign-in-title">
        <p className="brand">Switchyard</p>
        <h1 id="sign-in-title">Operator console</h1>
        <p className="muted">Sign in with your Switchyard account to watch and steer your organisation’s agent workflows.</p>
        {notice && <p className="notice notice-info" role="status">{notice}</p>}
        <ErrorNotice error={login.error} />
        <label>
          Username
          <input name="username" autoComplete="username" required value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <button type="submit" className="button-primary" disabled={login.fetching}>
          {login.fetching ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
