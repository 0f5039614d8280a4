// A stand-in for Google's Identity Services script. The storefront loads
// https://accounts.google.com/gsi/client through @react-oauth/google; the test intercepts that request
// and answers with this small script, which implements the part of `google.accounts.id` the library
// calls (initialize, renderButton, prompt, cancel, disableAutoSelect). Its button hands the
// configured callback a test credential, exactly as Google's button would after a real sign-in.
import type { Page } from '@playwright/test';

export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client**';
export const STAND_IN_BUTTON = 'Sign in with Google (test)';

/** An unsigned JWT-shaped credential (header.payload.signature) carrying the identity's claims. */
export function testCredential(claims: { email: string; given_name: string }): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://accounts.google.com',
    aud: 'e2e-test-client',
    sub: String(Math.floor(Math.random() * 1e15)),
    email_verified: true,
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  return `${b64({ alg: 'RS256', kid: 'e2e', typ: 'JWT' })}.${b64(payload)}.e2e-unsigned`;
}

function standInScript(credential: string): string {
  return `(() => {
  let config = null;
  const calls = [];
  window.__gsiStandIn = { calls, config: () => config };
  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize(cfg) { config = cfg; calls.push(['initialize', cfg && cfg.client_id]); },
    renderButton(parent, options) {
      calls.push(['renderButton', options]);
      if (!parent) return;
      parent.replaceChildren();
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = ${JSON.stringify(STAND_IN_BUTTON)};
      button.style.cssText = 'min-height:40px;padding:0 16px;border:1px solid #5f6368;border-radius:4px;background:#fff;color:#1f1f1f;font:500 14px system-ui,sans-serif;cursor:pointer';
      button.addEventListener('click', () => {
        if (!config || typeof config.callback !== 'function') throw new Error('renderButton before initialize');
        config.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn', client_id: config.client_id });
      });
      parent.appendChild(button);
    },
    prompt() { calls.push(['prompt']); },
    cancel() { calls.push(['cancel']); },
    disableAutoSelect() { calls.push(['disableAutoSelect']); },
  };
})();`;
}

/** Answers the Google script request with the stand-in, whose button issues `credential`. */
export async function installGoogleStandIn(page: Page, credential: string): Promise<void> {
  await page.route(GSI_SCRIPT_URL, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'access-control-allow-origin': '*' },
      body: standInScript(credential),
    }),
  );
}
