import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ApiError, post } from './api.js';

/** The login form (`POST /v2/login`: the server answers with the session cookie). */
export function Login(props: { onDone: () => void }) {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await post('/v2/login', { user, password });
      props.onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? 'Wrong user name or password.' : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return html`
    <form class="login" onSubmit=${submit}>
      <h1>netmon</h1>
      <label>User <input name="user" autocomplete="username" value=${user} onInput=${(e: Event) => setUser((e.target as HTMLInputElement).value)} required /></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" value=${password} onInput=${(e: Event) => setPassword((e.target as HTMLInputElement).value)} required /></label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy}>Log in</button>
    </form>`;
}
