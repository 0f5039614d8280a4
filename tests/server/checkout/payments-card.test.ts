import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cardMessages,
  checkCard,
  expiryInPast,
  luhnValid,
  normaliseCardNumber,
  parseExpiry,
} from '@/server/modules/checkout/providers/test-provider/card';
import {
  crossSiteReason,
  csrfTokenFor,
  csrfTokenValid,
} from '@/server/modules/checkout/providers/test-provider/guard';
import { escapeHtml, formatEgp, renderPayForm } from '@/server/modules/checkout/providers/test-provider/page';

const now = new Date('2026-11-22T12:00:00Z');
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardName: 'Mona Adel' };

describe('test cards', () => {
  it('4242 4242 4242 4242 pays, typed with spaces, dashes or none', () => {
    for (const cardNumber of ['4242 4242 4242 4242', '4242-4242-4242-4242', '4242424242424242']) {
      expect(checkCard({ ...good, cardNumber }, now)).toEqual({ kind: 'approved' });
    }
  });

  it('4000 0000 0000 0002 is declined with the provider text', () => {
    expect(checkCard({ ...good, cardNumber: '4000 0000 0000 0002' }, now)).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('a Luhn-valid number that is not a test card is declined and says which card works', () => {
    expect(luhnValid('5555555555554444')).toBe(true);
    const verdict = checkCard({ ...good, cardNumber: '5555 5555 5555 4444' }, now);
    expect(verdict).toEqual({ kind: 'declined', message: cardMessages.unknownCard });
    expect(cardMessages.unknownCard).toContain('4242 4242 4242 4242');
  });

  it('a number failing the Luhn check is a field error, not a decline', () => {
    expect(checkCard({ ...good, cardNumber: '4242 4242 4242 4241' }, now)).toEqual({
      kind: 'invalid',
      errors: { cardNumber: cardMessages.numberInvalid },
    });
    expect(checkCard({ ...good, cardNumber: '4242 abcd' }, now)).toMatchObject({
      errors: { cardNumber: cardMessages.numberInvalid },
    });
  });

  it('changing any one digit of a valid number breaks the Luhn check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[pos] = (digits[pos]! + delta) % 10;
        return !luhnValid(digits.join(''));
      }),
    );
  });

  it('reports every empty field at once, in form order', () => {
    const verdict = checkCard({ cardNumber: '', expiry: '', cvc: '', cardName: ' ' }, now);
    expect(verdict).toEqual({
      kind: 'invalid',
      errors: {
        cardNumber: cardMessages.numberRequired,
        expiry: cardMessages.expiryRequired,
        cvc: cardMessages.cvcRequired,
        cardName: cardMessages.nameRequired,
      },
    });
  });
});

describe('expiry', () => {
  it('reads MM/YY and its common variants', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04 / 29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04/2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('4/29')).toBeNull();
    expect(parseExpiry('tomorrow')).toBeNull();
  });

  it('is good through the end of its month and refused after', () => {
    expect(expiryInPast({ month: 11, year: 2026 }, now)).toBe(false);
    expect(expiryInPast({ month: 10, year: 2026 }, now)).toBe(true);
    expect(expiryInPast({ month: 12, year: 2025 }, now)).toBe(true);
    expect(checkCard({ ...good, expiry: '10/26' }, now)).toEqual({
      kind: 'invalid',
      errors: { expiry: cardMessages.expiryPast },
    });
    expect(checkCard({ ...good, expiry: '1/2' }, now)).toEqual({
      kind: 'invalid',
      errors: { expiry: cardMessages.expiryFormat },
    });
  });

  it('checks the CVC shape', () => {
    expect(checkCard({ ...good, cvc: '12' }, now)).toEqual({
      kind: 'invalid',
      errors: { cvc: cardMessages.cvcFormat },
    });
    expect(checkCard({ ...good, cvc: '1234' }, now)).toEqual({ kind: 'approved' });
  });
});

describe('normaliseCardNumber', () => {
  it('keeps digits only and refuses letters', () => {
    expect(normaliseCardNumber(' 4242-4242 ')).toBe('42424242');
    expect(normaliseCardNumber('4242x')).toBeNull();
  });
});

describe('form token and origin checks', () => {
  const created = new Date('2026-11-22T10:00:00Z');
  it('a token is valid for its own session only', () => {
    const token = csrfTokenFor('s'.repeat(32), 'a'.repeat(24), created);
    expect(csrfTokenValid('s'.repeat(32), 'a'.repeat(24), created, token)).toBe(true);
    expect(csrfTokenValid('s'.repeat(32), 'b'.repeat(24), created, token)).toBe(false);
    expect(csrfTokenValid('t'.repeat(32), 'a'.repeat(24), created, token)).toBe(false);
    expect(csrfTokenValid('s'.repeat(32), 'a'.repeat(24), created, undefined)).toBe(false);
    expect(csrfTokenValid('s'.repeat(32), 'a'.repeat(24), created, '')).toBe(false);
  });

  it('refuses cross-site and foreign-origin posts, accepts same-origin ones', () => {
    const allowedOrigins = ['http://localhost:3201'];
    expect(
      crossSiteReason({ origin: 'http://localhost:3201', secFetchSite: 'same-origin', allowedOrigins }),
    ).toBeNull();
    expect(crossSiteReason({ origin: undefined, secFetchSite: undefined, allowedOrigins })).toBeNull();
    expect(
      crossSiteReason({ origin: 'https://evil.example', secFetchSite: 'cross-site', allowedOrigins }),
    ).not.toBeNull();
    expect(
      crossSiteReason({ origin: 'http://localhost:3201', secFetchSite: 'same-site', allowedOrigins }),
    ).not.toBeNull();
    expect(crossSiteReason({ origin: 'null', secFetchSite: undefined, allowedOrigins })).not.toBeNull();
    expect(
      crossSiteReason({ origin: 'https://evil.example', secFetchSite: undefined, allowedOrigins }),
    ).not.toBeNull();
  });
});

describe('page rendering', () => {
  it('escapes every shop-provided text', () => {
    expect(escapeHtml(`<script>"x"&'y'</script>`)).toBe(
      '&lt;script&gt;&quot;x&quot;&amp;&#39;y&#39;&lt;/script&gt;',
    );
    const html = renderPayForm({
      sessionId: 'a'.repeat(24),
      shopName: 'Shop <b>',
      lines: [{ title: '<img src=x onerror=alert(1)>', count: 2, unitPrice: 100 }],
      summary: { original: 200, tax: 22, savings: 20, total: 202 },
      cancelUrl: 'http://localhost:3000/#/cart',
      csrfToken: 'tok',
      nonce: 'n',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Shop &lt;b&gt;');
  });

  it("shows amounts as the storefront does: '1,547 EGP'", () => {
    expect(formatEgp(1547)).toBe('1,547 EGP');
    expect(formatEgp(5400)).toBe('5,400 EGP');
    expect(formatEgp(65)).toBe('65 EGP');
  });

  it('never writes a typed card number or CVC back into the page', () => {
    const html = renderPayForm({
      sessionId: 'a'.repeat(24),
      shopName: 'FreshCart',
      lines: [{ title: 'Shawl', count: 1, unitPrice: 149 }],
      summary: { original: 149, tax: 16, savings: 14, total: 151 },
      cancelUrl: 'http://localhost:3000/#/cart',
      csrfToken: 'tok',
      nonce: 'n',
      declined: 'Your card was declined.',
      values: { expiry: '12/30', cardName: 'Mona' },
    });
    const inputTag = (id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(inputTag('card-number')).not.toBe('');
    expect(inputTag('card-number')).not.toContain('value=');
    expect(inputTag('card-cvc')).not.toContain('value=');
    expect(inputTag('card-expiry')).toContain('value="12/30"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your card was declined.');
  });
});
