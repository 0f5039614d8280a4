// Journey 2: registration, every validation message once, success, and a duplicate e-mail.
import { egyptianPhone, uniqueEmail } from './support/api';
import { expectRoute, openApp, tokenInStorage } from './support/app';
import { expect, test } from './support/fixtures';

test('register: every validation message, then success sends the shopper on to log in', async ({
  page,
  api,
}) => {
  await openApp(page, '/register');
  const form = page.getByRole('region', { name: 'Register Now' });
  await expect(form.getByRole('heading', { name: 'Register Now' })).toBeVisible();

  const name = form.getByLabel('Your Name');
  const email = form.getByLabel('Your Email');
  const password = form.getByLabel('Your Password');
  const rePassword = form.getByLabel('rePassword');
  const phone = form.getByLabel('Phone');
  const message = (text: string) => form.getByText(text, { exact: true });

  // Nothing shows before a field was touched.
  await expect(form.getByRole('alert')).toHaveCount(0);

  // Touched and left empty: the "required" messages, each under its own field.
  for (const field of [name, email, password, rePassword, phone]) {
    await field.focus();
    await field.blur();
  }
  await expect(message('Name is required')).toBeVisible();
  await expect(message('email is required')).toBeVisible();
  await expect(message('password is required')).toBeVisible();
  await expect(message('Please confirm your password')).toBeVisible();
  await expect(message('Phone is required')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('Al');
  await expect(message('Name Must be three Characters or More')).toBeVisible();
  await name.fill('Abcdefghijklmno'); // 15 characters
  await expect(message('Name Must be less than 14 characters')).toBeVisible();
  await email.fill('not-an-email');
  await expect(message('email is not Valid')).toBeVisible();
  await password.fill('12345');
  await expect(message('Password must be 6 charachters or more')).toBeVisible();
  await password.fill('a'.repeat(21));
  await expect(message('Password is very large must be less than Characters')).toBeVisible();
  await password.fill('secret123');
  await rePassword.fill('secret124');
  await expect(message('Passwords must be match')).toBeVisible();
  await phone.fill('01312345678'); // 013 is not an Egyptian mobile prefix
  await expect(message('Phone must be Egptian Number')).toBeVisible();

  // All valid: every message goes away.
  const shopperEmail = uniqueEmail('register');
  const shopperPhone = egyptianPhone();
  await name.fill('Mona Ali');
  await email.fill(shopperEmail);
  await rePassword.fill('secret123');
  await phone.fill(shopperPhone);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await form.getByRole('button', { name: 'Register', exact: true }).click();
  const started = Date.now();

  // The success toast carries a clap icon (spec section 8), drawn: no emoji font is needed to see it.
  const toast = page.locator('.Toastify__toast').filter({ has: page.locator('svg[data-icon="clap"]') });
  await expect(toast).toBeVisible();
  await expect(toast.locator('svg[data-icon="clap"]')).toBeVisible();
  // Plain registration stores no token and shows no loading overlay.
  await expect(page.getByTestId('busy-overlay')).toHaveCount(0);
  expect(await tokenInStorage(page)).toBeNull();

  // After 3 s the shopper is sent to /home, whose guard sends a guest on to /login.
  await expectRoute(page, '/login');
  expect(Date.now() - started).toBeGreaterThanOrEqual(2800);
  await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
  expect(await tokenInStorage(page)).toBeNull();
  // The e-mail just registered is already in the login form.
  await expect(
    page.getByRole('region', { name: 'Login Now' }).getByLabel('Email', { exact: true }),
  ).toHaveValue(shopperEmail);

  // The server holds the account: the new credentials sign in.
  const signin = await api.signin(shopperEmail, 'secret123');
  expect(signin.status()).toBe(200);
  const body = (await signin.json()) as { user: { name: string; email: string } };
  expect(body.user).toMatchObject({ name: 'Mona Ali', email: shopperEmail });
});

test('register: a duplicate e-mail shows the Oops! dialog with the server message', async ({
  page,
  shopper,
}) => {
  await openApp(page, '/register');
  await page.getByLabel('Your Name').fill('Second Try');
  await page.getByLabel('Your Email').fill(shopper.email);
  await page.getByLabel('Your Password').fill('another123');
  await page.getByLabel('rePassword').fill('another123');
  await page.getByLabel('Phone').fill(egyptianPhone());
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Oops!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Account Already Exists');
  const tryAgain = dialog.getByRole('button', { name: 'Try Again' });
  await expect(tryAgain).toBeFocused();
  await tryAgain.click();
  await expect(dialog).toHaveCount(0);
  await expectRoute(page, '/register');
  expect(await tokenInStorage(page)).toBeNull();
});
