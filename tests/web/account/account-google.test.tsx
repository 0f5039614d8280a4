// The Google completion flows, with Google's script replaced by a stand-in: the real
// @react-oauth/google provider appends its <script>; the test defines `google.accounts.id` as the
// script would and fires the script's load event, and the stand-in's button issues a test credential.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '@/components/account/login-screen';
import { RegisterScreen } from '@/components/account/register-screen';
import { malformedCredentialMessage } from '@/components/account/google-identity';
import { RETURN_TO_KEY, clearToken } from '@/lib/session/session-store';
import { googleCredential, json, mockApi, on, renderScreen } from '../account-helpers';

vi.mock('@/lib/api/config', () => ({
  apiHost: '',
  googleClientId: 'test-client-id.apps.googleusercontent.com',
}));

interface IdConfig {
  client_id: string;
  callback: (response: { credential?: string; select_by?: string }) => void;
}

/** Google's script element, which the button's code (fetched once the page is idle) appends. */
function googleScript() {
  return waitFor(() => {
    const script = document.querySelector<HTMLScriptElement>(
      'script[src^="https://accounts.google.com/gsi/client"]',
    );
    expect(script).not.toBeNull();
    return script!;
  });
}

/** Stands in for https://accounts.google.com/gsi/client: its button answers with `credential`. */
async function loadGoogleStandIn(credential: string | undefined) {
  let config: IdConfig | null = null;
  (window as unknown as { google: unknown }).google = {
    accounts: {
      id: {
        initialize: (cfg: IdConfig) => (config = cfg),
        renderButton: (parent: HTMLElement) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Sign in with Google (test)';
          button.addEventListener('click', () => config?.callback({ credential, select_by: 'btn' }));
          parent.replaceChildren(button);
        },
        prompt: () => {},
        cancel: () => {},
      },
    },
  };
  const script = await googleScript();
  await act(async () => script.dispatchEvent(new Event('load')));
  return () => config;
}

beforeEach(() => clearToken());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as unknown as { google?: unknown }).google;
});

const identity = { email: 'mona.ali@gmail.com', given_name: 'Mona' };

describe('Google sign-in on the Login screen', { timeout: 20_000 }, () => {
  it('switches to "Login By Google Account" with the e-mail prefilled, and signs in with the password', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(on('POST', '/auth/signin', () => json(200, { token: 'google-user-jwt' })));
    renderScreen('/login', <LoginScreen />);
    const config = await loadGoogleStandIn(googleCredential(identity));
    expect(config()?.client_id).toBe('test-client-id.apps.googleusercontent.com');

    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));

    expect(await screen.findByRole('heading', { name: 'Login By Google Account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login Now' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your Email')).toHaveValue('mona.ali@gmail.com');

    await user.type(screen.getByLabelText('Your Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('welcome back')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/signin',
        body: { email: 'mona.ali@gmail.com', password: 'secret123' },
      }),
    ]);
    expect(localStorage.getItem('tkn')).toBe('google-user-jwt');
    // The router moves on once the token is stored (its guards decide after the current task).
    await waitFor(() => expect(screen.getByTestId('route')).toHaveTextContent('/home'));
  });

  it('applies no validation in the login completion form: an empty password goes to the server, whose message shows', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockApi(
      on('POST', '/auth/signin', () =>
        json(401, { statusMsg: 'fail', message: 'Incorrect email or password' }),
      ),
    );
    renderScreen('/login', <LoginScreen />);
    await loadGoogleStandIn(googleCredential(identity));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alertdialog', { name: 'Oops!' })).toHaveTextContent(
      'Incorrect email or password',
    );
    expect(calls[0]?.body).toEqual({ email: 'mona.ali@gmail.com', password: '' });
    expect(screen.queryByText('password is required')).not.toBeInTheDocument();
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
    expect(localStorage.getItem('tkn')).toBeNull();
  });

  it('shows a clear error for a malformed credential and stays on the normal form', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockApi();
    renderScreen('/login', <LoginScreen />);
    await loadGoogleStandIn('this.is-not-a.jwt');
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Oops!' });
    expect(dialog).toHaveAccessibleDescription(malformedCredentialMessage);
    expect(logged).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Login Now' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('treats a credential without an e-mail as malformed', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi();
    renderScreen('/login', <LoginScreen />);
    await loadGoogleStandIn(googleCredential({ given_name: 'Nobody' }));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(malformedCredentialMessage);
  });

  it('only logs "Login Failed" when the widget fails, showing nothing', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    mockApi();
    renderScreen('/login', <LoginScreen />);
    await loadGoogleStandIn(undefined);
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    expect(log).toHaveBeenCalledWith('Login Failed');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login Now' })).toBeInTheDocument();
  });
});

describe('Google sign-in after a link opened as a guest', { timeout: 20_000 }, () => {
  // What the guard (or the head script) keeps when it sends a guest from a protected route to /login.
  beforeEach(() => sessionStorage.setItem(RETURN_TO_KEY, '/productDetails/p42?ref=share'));
  afterEach(() => sessionStorage.clear());

  it('the login completion form brings the shopper to the screen asked for, query kept', async () => {
    const user = userEvent.setup();
    mockApi(on('POST', '/auth/signin', () => json(200, { token: 'google-user-jwt' })));
    renderScreen('/login', <LoginScreen />);
    await loadGoogleStandIn(googleCredential(identity));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    await user.type(await screen.findByLabelText('Your Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('welcome back')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('route')).toHaveTextContent(/^\/productDetails\/p42\?ref=share$/),
    );
  });

  it('so does the registration completion form (signed up and in at once)', async () => {
    const user = userEvent.setup();
    mockApi(
      on('POST', '/auth/signup', () => json(201, { message: 'success', token: 'new-google-user-jwt' })),
    );
    renderScreen('/register', <RegisterScreen />);
    await loadGoogleStandIn(googleCredential(identity));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    await user.type(await screen.findByLabelText('Your Password'), '123456');
    await user.type(screen.getByLabelText('rePassword'), '123456');
    await user.type(screen.getByLabelText('Phone'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() =>
      expect(screen.getByTestId('route')).toHaveTextContent(/^\/productDetails\/p42\?ref=share$/),
    );
    expect(localStorage.getItem('tkn')).toBe('new-google-user-jwt');
  });
});

describe('Google script unavailable', { timeout: 20_000 }, () => {
  it('removes the button slot when the script cannot load, and the form still works', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi();
    renderScreen('/login', <LoginScreen />);
    const script = await googleScript();
    expect(document.querySelector('[style*="height: 40px"]')).not.toBeNull();
    await act(async () => script.dispatchEvent(new Event('error')));
    expect(warn).toHaveBeenCalled();
    expect(document.querySelector('[style*="height: 40px"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });
});

describe('Google sign-up on the Register screen', { timeout: 20_000 }, () => {
  it('validates password, rePassword and phone with their rules, then signs up with given_name and goes home at once', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      on('POST', '/auth/signup', () =>
        json(201, { message: 'success', user: {}, token: 'new-google-user-jwt' }),
      ),
    );
    renderScreen('/register', <RegisterScreen />);
    await loadGoogleStandIn(googleCredential(identity));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));

    expect(await screen.findByRole('heading', { name: 'Login By Google Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your Email')).toHaveValue('mona.ali@gmail.com');
    expect(screen.queryByLabelText('Your Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Your Password'), '12345');
    expect(screen.getByText('Password must be 6 charachters or more')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your Password'), '6');
    await user.type(screen.getByLabelText('rePassword'), '123457');
    expect(screen.getByText('Passwords must be match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('rePassword'));
    await user.type(screen.getByLabelText('rePassword'), '123456');
    await user.type(screen.getByLabelText('Phone'), '01312345678');
    expect(screen.getByText('Phone must be Egptian Number')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '01012345678');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Another page');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/signup',
        body: {
          name: 'Mona',
          email: 'mona.ali@gmail.com',
          password: '123456',
          rePassword: '123456',
          phone: '01012345678',
        },
      }),
    ]);
    expect(localStorage.getItem('tkn')).toBe('new-google-user-jwt');
    expect(screen.getByTestId('route')).toHaveTextContent('/home');
  });

  it('shows the server message when the Google sign-up fails, and clears the overlay', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      on('POST', '/auth/signup', () => json(409, { statusMsg: 'fail', message: 'Account Already Exists' })),
    );
    renderScreen('/register', <RegisterScreen />);
    await loadGoogleStandIn(googleCredential(identity));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    await user.type(screen.getByLabelText('Your Password'), '123456');
    await user.type(screen.getByLabelText('rePassword'), '123456');
    await user.type(screen.getByLabelText('Phone'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alertdialog', { name: 'Oops!' })).toHaveTextContent(
      'Account Already Exists',
    );
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
    expect(localStorage.getItem('tkn')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Login By Google Account' })).toBeInTheDocument();
  });

  it('shows a clear error for a malformed credential on the Register screen too', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi();
    renderScreen('/register', <RegisterScreen />);
    await loadGoogleStandIn('garbage');
    await user.click(screen.getByRole('button', { name: 'Sign in with Google (test)' }));
    expect(screen.getByRole('alertdialog', { name: 'Oops!' })).toHaveTextContent(malformedCredentialMessage);
    expect(screen.getByRole('heading', { name: 'Register Now' })).toBeInTheDocument();
  });
});
