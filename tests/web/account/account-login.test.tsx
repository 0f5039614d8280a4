import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '@/components/account/login-screen';
import { clearToken } from '@/lib/session/session-store';
import { deferred, json, mockApi, on, renderScreen } from '../account-helpers';

beforeEach(() => clearToken());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const emailField = () => screen.getByLabelText('Email', { exact: true });
const passwordField = () => screen.getByLabelText('Password', { exact: true });
const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('Login screen', { timeout: 20_000 }, () => {
  it('shows each inline message only once its field was touched', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    renderScreen('/login', <LoginScreen />);

    expect(screen.getByRole('heading', { name: 'Login Now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your Password' })).toHaveAttribute('href', '/forgotpass');
    expect(screen.queryByText('email is required')).not.toBeInTheDocument();

    await user.click(emailField());
    expect(screen.queryByText('email is required')).not.toBeInTheDocument();
    await user.click(passwordField());
    expect(screen.getByText('email is required')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('email is required');
    expect(screen.queryByText('password is required')).not.toBeInTheDocument();

    await user.tab();
    expect(screen.getByText('password is required')).toBeInTheDocument();

    await user.type(emailField(), 'mona@');
    expect(screen.getByText('email is not Valid')).toBeInTheDocument();
    await user.type(emailField(), 'example.com');
    expect(screen.queryByText('email is not Valid')).not.toBeInTheDocument();
    expect(screen.queryByText('email is required')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('does not call the server when submitted empty, and shows both messages', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    renderScreen('/login', <LoginScreen />);
    await user.click(loginButton());
    expect(await screen.findByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in once, with the overlay while pending, then stores the token, says welcome back and goes home', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ status: number; body: unknown }>();
    const { calls } = mockApi(on('POST', '/auth/signin', () => answer.promise));
    renderScreen('/login', <LoginScreen />);

    await user.type(emailField(), 'mona@example.com');
    await user.type(passwordField(), 'secret123');
    await user.dblClick(loginButton());

    await waitFor(() => expect(screen.getByTestId('busy-overlay')).toBeInTheDocument());
    expect(loginButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ body: { email: 'mona@example.com', password: 'secret123' } });
    expect(calls[0]!.headers.token).toBeUndefined();

    await act(async () => answer.resolve(json(200, { message: 'success', user: {}, token: 'jwt-for-mona' })));

    expect(await screen.findByText('welcome back')).toBeInTheDocument();
    expect(screen.getByTestId('route')).toHaveTextContent('/home');
    expect(localStorage.getItem('tkn')).toBe('jwt-for-mona');
    expect(calls).toHaveLength(1);
  });

  it('shows the Oops! dialog with the server message, clears the overlay, and Try Again returns focus', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      on('POST', '/auth/signin', () =>
        json(401, { statusMsg: 'fail', message: 'Incorrect email or password' }),
      ),
    );
    renderScreen('/login', <LoginScreen />);

    await user.type(emailField(), 'mona@example.com');
    await user.type(passwordField(), 'wrong-one');
    await user.click(loginButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'Oops!' });
    expect(dialog).toHaveAccessibleDescription('Incorrect email or password');
    // Said to the shopper, not logged: the console stays clean in normal use (no stack trace).
    expect(logged).not.toHaveBeenCalled();
    const tryAgain = screen.getByRole('button', { name: 'Try Again' });
    expect(tryAgain).toHaveFocus();
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
    expect(localStorage.getItem('tkn')).toBeNull();

    // Focus stays inside the dialog.
    await user.tab();
    expect(tryAgain).toHaveFocus();

    await user.click(tryAgain);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(loginButton()).toHaveFocus();
    expect(loginButton()).toBeEnabled();
    expect(screen.getByTestId('route')).toHaveTextContent('/login');
  });

  it('closes the dialog on Escape', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      on('POST', '/auth/signin', () => json(500, { statusMsg: 'error', message: 'Database unavailable' })),
    );
    renderScreen('/login', <LoginScreen />);
    await user.type(emailField(), 'mona@example.com');
    await user.type(passwordField(), 'x');
    await user.click(loginButton());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Database unavailable');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('renders no Google button and loads no Google script when no client id is configured', () => {
    mockApi();
    renderScreen('/login', <LoginScreen />);
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Login']);
  });
});
