// Card checks for the hosted test payment page. Nothing here stores or logs a card number: the
// functions take the typed text and return a verdict, like a provider's test mode would.

export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const cardMessages = {
  numberRequired: 'Enter your card number.',
  numberInvalid: 'This card number is not valid. Check the digits on your card and try again.',
  declined: 'Your card was declined.',
  unknownCard:
    'Your card was declined. This is a test payment page: only the test card 4242 4242 4242 4242 can pay here.',
  expiryRequired: 'Enter the expiry date.',
  expiryFormat: 'Enter the expiry date as MM/YY, for example 04/29.',
  expiryPast: 'Your card has expired. Check the expiry date or use another card.',
  cvcRequired: 'Enter the security code (CVC).',
  cvcFormat: 'The security code (CVC) is the 3 or 4 digits on the back of your card.',
  nameRequired: 'Enter the name on the card.',
  nameTooLong: 'The name on the card must be 100 characters or fewer.',
} as const;

/** The card checks' messages in one language (texts.ts holds the Arabic). */
export type CardMessages = { readonly [K in keyof typeof cardMessages]: string };

/** Digits only: shoppers type spaces or dashes between the groups. Null when anything else is present. */
export function normaliseCardNumber(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '');
  return /^\d*$/.test(compact) ? compact : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface Expiry {
  month: number;
  year: number;
}

/** "MM/YY" (also "MM / YY", "MMYY" and "MM/YYYY"), or null. */
export function parseExpiry(raw: string): Expiry | null {
  const m = /^\s*(\d{2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m) return null;
  const month = Number(m[1]);
  const yy = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: m[2]!.length === 2 ? 2000 + yy : yy };
}

/** A card is good through the last day of its expiry month (UTC, as providers treat it). */
export function expiryInPast(expiry: Expiry, now: Date): boolean {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < mo);
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'cardName';

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardName: string;
}

export type CardVerdict =
  | { kind: 'invalid'; errors: Partial<Record<CardField, string>> }
  | { kind: 'declined'; message: string }
  | { kind: 'approved' };

/**
 * Field checks first (all of them, so the error summary lists every problem), then the test-card outcome, in
 * the page's language (`messages`).
 */
export function checkCard(form: CardForm, now: Date, messages: CardMessages = cardMessages): CardVerdict {
  const errors: Partial<Record<CardField, string>> = {};

  const number = normaliseCardNumber(form.cardNumber);
  if (form.cardNumber.trim() === '') errors.cardNumber = messages.numberRequired;
  else if (number === null || !luhnValid(number)) errors.cardNumber = messages.numberInvalid;

  if (form.expiry.trim() === '') errors.expiry = messages.expiryRequired;
  else {
    const expiry = parseExpiry(form.expiry);
    if (!expiry) errors.expiry = messages.expiryFormat;
    else if (expiryInPast(expiry, now)) errors.expiry = messages.expiryPast;
  }

  if (form.cvc.trim() === '') errors.cvc = messages.cvcRequired;
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = messages.cvcFormat;

  if (form.cardName.trim() === '') errors.cardName = messages.nameRequired;
  else if (form.cardName.trim().length > 100) errors.cardName = messages.nameTooLong;

  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  if (number === testCards.success) return { kind: 'approved' };
  if (number === testCards.declined) return { kind: 'declined', message: messages.declined };
  return { kind: 'declined', message: messages.unknownCard };
}
