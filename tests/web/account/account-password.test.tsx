import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordScreen } from '@/components/account/change-password-screen';
import { ForgotPasswordScreen } from '@/components/account/forgot-password-screen';
import { clearToken } from '@/lib/session/session-store';
import { deferred, json, mockApi, on, renderScreen } from '../account-helpers';

beforeEach(() => {
  clearToken();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Forgot password', { timeout: 20_000 }, () => {
  it('submits only a non-empty trimmed e-mail', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      on('POST', '/auth/forgotPasswords', () =>
        json(200, { statusMsg: 'success', message: 'Reset code sent to your email' }),
      ),
    );
    renderScreen('/forgotpass', <ForgotPasswordScreen />);
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.type(screen.getByLabelText('Your email'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('email is required');

    await user.type(screen.getByLabelText('Your email'), ' mona@example.com ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Enter Your verify Code' })).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ body: { email: 'mona@example.com' } })]);
    expect(screen.getByText('Reset code sent to your email')).toHaveAttribute('role', 'status');
  });

  it('moves to the code step only after the server accepts, with Confirm disabled meanwhile', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ status: number; body: unknown }>();
    const { calls } = mockApi(on('POST', '/auth/forgotPasswords', () => answer.promise));
    renderScreen('/forgotpass', <ForgotPasswordScreen />);
    await user.type(screen.getByLabelText('Your email'), 'mona@example.com');
    await user.dblClick(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Enter Your verify Code' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await act(async () =>
      answer.resolve(json(200, { statusMsg: 'success', message: 'Reset code sent to your email' })),
    );
    expect(await screen.findByLabelText('Your verify code')).toBeInTheDocument();
  });

  it('shows the server message and stays on the e-mail step when the address is unknown', async () => {
    const user = userEvent.setup();
    mockApi(
      on('POST', '/auth/forgotPasswords', () =>
        json(404, {
          statusMsg: 'fail',
          message: 'There is no user registered with this email address x@y.co',
        }),
      ),
    );
    renderScreen('/forgotpass', <ForgotPasswordScreen />);
    await user.type(screen.getByLabelText('Your email'), 'x@y.co');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no user registered with this email address x@y.co',
    );
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(console.error).toHaveBeenCalled();
  });

  it('stays on the code step with the server message on a wrong code, and goes to /changePass on a right one', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      on('POST', '/auth/forgotPasswords', () =>
        json(200, { statusMsg: 'success', message: 'Reset code sent' }),
      ),
      on('POST', '/auth/verifyResetCode', (call) =>
        (call.body as { resetCode: string }).resetCode === '123456'
          ? json(200, { status: 'Success', resetToken: 'tok-123' })
          : json(400, { statusMsg: 'fail', message: 'Reset code is invalid or has expired' }),
      ),
    );
    renderScreen('/forgotpass', <ForgotPasswordScreen />);
    await user.type(screen.getByLabelText('Your email'), 'mona@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await user.type(await screen.findByLabelText('Your verify code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset code is invalid or has expired');
    expect(screen.getByRole('heading', { name: 'Enter Your verify Code' })).toBeInTheDocument();
    expect(screen.getByTestId('route')).toHaveTextContent('/forgotpass');

    await user.clear(screen.getByLabelText('Your verify code'));
    await user.type(screen.getByLabelText('Your verify code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('route')).toHaveTextContent('/changePass'));
    // The code goes with the e-mail it was asked for: guesses count against that account only.
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'mona@example.com' },
      { resetCode: '000000', email: 'mona@example.com' },
      { resetCode: '123456', email: 'mona@example.com' },
    ]);
  });
});

describe('Change password', { timeout: 20_000 }, () => {
  it('saves, shows "Success to update Password" after 2 s and then goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = mockApi(on('PUT', '/auth/resetPassword', () => json(200, { token: 'new-token' })));
    // Coming from the code step, the e-mail is already known, and the reset token goes with the reset.
    renderScreen('/changePass', <ChangePasswordScreen />, {
      email: 'mona@example.com',
      resetToken: 'tok-123',
    });
    expect(screen.getByLabelText('Your Email')).toHaveValue('mona@example.com');
    await user.type(screen.getByLabelText('New Password'), 'brandNew42');
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: { email: 'mona@example.com', newPassword: 'brandNew42', resetToken: 'tok-123' },
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(1800));
    expect(screen.queryByText('Success to update Password')).not.toBeInTheDocument();
    expect(screen.getByTestId('route')).toHaveTextContent('/changePass');

    await act(async () => vi.advanceTimersByTime(300));
    expect(await screen.findByText('Success to update Password')).toBeInTheDocument();
    expect(screen.getByTestId('route')).toHaveTextContent('/login');
    // The reset's token is not a sign-in: the shopper logs in with the new password.
    expect(localStorage.getItem('tkn')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('stays on the page and shows the server message when the reset fails', async () => {
    const user = userEvent.setup();
    mockApi(
      on('PUT', '/auth/resetPassword', () =>
        json(400, { statusMsg: 'fail', message: 'Reset code not verified for this email' }),
      ),
    );
    renderScreen('/changePass', <ChangePasswordScreen />);
    expect(screen.getByLabelText('Your Email')).toHaveValue('');
    await user.type(screen.getByLabelText('Your Email'), 'mona@example.com');
    await user.type(screen.getByLabelText('New Password'), 'brandNew42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset code not verified for this email');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByTestId('route')).toHaveTextContent('/changePass');
  });
});
