import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterScreen, registeredMessage } from '@/components/account/register-screen';
import { clearToken } from '@/lib/session/session-store';
import { deferred, json, mockApi, on, renderScreen } from '../account-helpers';

beforeEach(() => clearToken());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const registerButton = () => screen.getByRole('button', { name: 'Register' });
const shown = (text: string) => screen.queryByText(text, { exact: true });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Your Name'), 'Mona Ali');
  await user.type(field('Your Email'), 'mona@example.com');
  await user.type(field('Your Password'), 'secret123');
  await user.type(field('rePassword'), 'secret123');
  await user.type(field('Phone'), '2001012345678');
}

describe('Register screen', { timeout: 20_000 }, () => {
  it("refuses a name of spaces only with 'Name is required', and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    renderScreen('/register', <RegisterScreen />);
    await fillValid(user);
    await user.clear(field('Your Name'));
    await user.type(field('Your Name'), '     ');
    await user.click(registerButton());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(field('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows every message of spec section 5, each only after its field was touched', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    renderScreen('/register', <RegisterScreen />);
    expect(screen.getByRole('heading', { name: 'Register Now' })).toBeInTheDocument();
    expect(field('Phone')).toHaveAttribute('type', 'tel');

    // Touch the name only: only its message.
    await user.click(field('Your Name'));
    await user.click(screen.getByRole('heading', { name: 'Register Now' }));
    expect(shown('Name is required')).toBeInTheDocument();
    expect(shown('email is required')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await user.type(field('Your Name'), 'Al');
    expect(shown('Name Must be three Characters or More')).toBeInTheDocument();
    await user.type(field('Your Name'), 'i');
    expect(shown('Name Must be three Characters or More')).not.toBeInTheDocument();
    await user.type(field('Your Name'), 'abcdefghijkl'); // 15 characters
    expect(shown('Name Must be less than 14 characters')).toBeInTheDocument();
    await user.clear(field('Your Name'));
    await user.type(field('Your Name'), 'Mona Ali');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    await user.click(field('Your Email'));
    await user.tab();
    expect(shown('email is required')).toBeInTheDocument();
    await user.type(field('Your Email'), 'mona@example');
    expect(shown('email is not Valid')).toBeInTheDocument();
    await user.type(field('Your Email'), '.com');
    expect(shown('email is not Valid')).not.toBeInTheDocument();

    await user.click(field('Your Password'));
    await user.tab();
    expect(shown('password is required')).toBeInTheDocument();
    await user.type(field('Your Password'), '12345');
    expect(shown('Password must be 6 charachters or more')).toBeInTheDocument();
    await user.type(field('Your Password'), '6789012345678901'); // 21 characters
    expect(shown('Password is very large must be less than Characters')).toBeInTheDocument();
    await user.clear(field('Your Password'));
    await user.type(field('Your Password'), 'secret123');

    await user.click(field('rePassword'));
    await user.tab();
    expect(shown('Please confirm your password')).toBeInTheDocument();
    await user.type(field('rePassword'), 'secret12');
    expect(shown('Passwords must be match')).toBeInTheDocument();
    await user.type(field('rePassword'), '3');
    expect(shown('Passwords must be match')).not.toBeInTheDocument();

    await user.click(field('Phone'));
    await user.tab();
    expect(shown('Phone is required')).toBeInTheDocument();
    await user.type(field('Phone'), '0101234567');
    expect(shown('Phone must be Egptian Number')).toBeInTheDocument();
    await user.type(field('Phone'), '8');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('shows every required message on an empty submit and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    renderScreen('/register', <RegisterScreen />);
    await user.click(registerButton());
    for (const text of [
      'Name is required',
      'email is required',
      'password is required',
      'Please confirm your password',
      'Phone is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('registers once, shows the clap toast without storing the token, and goes to /home after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const answer = deferred<{ status: number; body: unknown }>();
    const { calls } = mockApi(on('POST', '/auth/signup', () => answer.promise));
    renderScreen('/register', <RegisterScreen />);
    await fillValid(user);
    await user.dblClick(registerButton());
    await waitFor(() => expect(registerButton()).toBeDisabled());
    // Plain registration shows no loading overlay (spec section 4).
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      name: 'Mona Ali',
      email: 'mona@example.com',
      password: 'secret123',
      rePassword: 'secret123',
      phone: '2001012345678',
    });

    await act(async () =>
      answer.resolve(json(201, { message: 'success', user: {}, token: 'should-not-be-kept' })),
    );
    const toast = await screen.findByText(registeredMessage);
    // The clap is drawn (an emoji is an empty box where no emoji font is installed), and decorative.
    const box = toast.closest('.Toastify__toast') as HTMLElement;
    const clap = box.querySelector('svg[data-icon="clap"]');
    expect(clap).toHaveAttribute('aria-hidden', 'true');
    expect(box).not.toHaveTextContent('👏');
    expect(box.textContent).toBe(registeredMessage);
    expect(localStorage.getItem('tkn')).toBeNull();
    expect(registerButton()).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(2800));
    expect(screen.getByTestId('route')).toHaveTextContent('/register');
    await act(async () => vi.advanceTimersByTime(300));
    expect(screen.getByTestId('route')).toHaveTextContent('/home');
    expect(localStorage.getItem('tkn')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('shows the Oops! dialog with the server message on failure and lets the shopper try again', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      on('POST', '/auth/signup', () => json(409, { statusMsg: 'fail', message: 'Account Already Exists' })),
    );
    renderScreen('/register', <RegisterScreen />);
    await fillValid(user);
    await user.click(registerButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Oops!' });
    expect(dialog).toHaveAccessibleDescription('Account Already Exists');
    expect(logged).not.toHaveBeenCalled();
    // The dialog moves the focus once it has opened (an effect after the render that shows it).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try Again' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(registerButton()).toBeEnabled();
    expect(screen.getByTestId('route')).toHaveTextContent('/register');
  });

  it('shows the first validation error the server sends back', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      on('POST', '/auth/signup', () =>
        json(400, {
          message: 'fail',
          errors: { value: 'x', msg: 'Phone is required', param: 'phone', location: 'body' },
        }),
      ),
    );
    renderScreen('/register', <RegisterScreen />);
    await fillValid(user);
    await user.click(registerButton());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Phone is required');
  });
});
