import { describe, expect, it } from 'vitest';
import { cartSummary } from '@/lib/rules/cart-summary';
import { isEgyptianPhone } from '@/lib/rules/phone';
import { firstWords } from '@/lib/rules/title';
import { filterProducts, emptyFilter } from '@/lib/rules/product-filter';
import { firstError, loginSchema, providerRegisterSchema, registerSchema } from '@/lib/rules/account-schemas';
import { messages } from '@/lib/rules/messages';

describe('cart summary (spec section 9)', () => {
  it('computes tax, savings and total from the original price', () => {
    expect(cartSummary(1547)).toEqual({ original: 1547, tax: 171, savings: 154, total: 1564 });
  });
  it('truncates rather than rounds, and has no float error on 10%', () => {
    expect(cartSummary(70)).toEqual({ original: 70, tax: 7, savings: 7, total: 70 });
    expect(cartSummary(8)).toEqual({ original: 8, tax: 0, savings: 0, total: 8 });
    expect(cartSummary(0)).toEqual({ original: 0, tax: 0, savings: 0, total: 0 });
  });
});

describe('Egyptian phone', () => {
  it.each(['01012345678', '01112345678', '01212345678', '01512345678', '2001012345678'])('accepts %s', (p) =>
    expect(isEgyptianPhone(p)).toBe(true),
  );
  it.each(['01312345678', '0101234567', '010123456789', '+201012345678', '201012345678', '1012345678', ''])(
    'rejects %s',
    (p) => expect(isEgyptianPhone(p)).toBe(false),
  );
});

describe('title shortening', () => {
  it('keeps the first n words', () => {
    expect(firstWords('Woman Shawl Classic Wool', 2)).toBe('Woman Shawl');
    expect(firstWords('  Woman   Shawl  ', 1)).toBe('Woman');
    expect(firstWords('Single', 2)).toBe('Single');
  });
});

describe('product filter (spec section 5)', () => {
  const p = (title: string, price: number, category: string) => ({
    title,
    price,
    category: { name: category },
  });
  const list = [
    p('Woman Shawl', 149, "Women's Fashion"),
    p('Men Jacket', 500, "Men's Fashion"),
    p('Phone X', 9000, 'Electronics'),
  ];
  it('applies the price range only when both bounds are filled, inclusive, as integers', () => {
    expect(filterProducts(list, { ...emptyFilter, priceFrom: '149' })).toHaveLength(3);
    expect(
      filterProducts(list, { ...emptyFilter, priceFrom: '149', priceTo: '500' }).map((x) => x.title),
    ).toEqual(['Woman Shawl', 'Men Jacket']);
    expect(
      filterProducts(list, { ...emptyFilter, priceFrom: '149.9', priceTo: '499.9' }).map((x) => x.title),
    ).toEqual(['Woman Shawl']);
  });
  it('ignores a non-numeric bound instead of hiding everything', () => {
    expect(filterProducts(list, { ...emptyFilter, priceFrom: 'abc', priceTo: '10' })).toHaveLength(3);
  });
  it("keeps categories that contain the chosen name; Men's Fashion does not match Women's Fashion", () => {
    expect(filterProducts(list, { ...emptyFilter, category: "Men's Fashion" }).map((x) => x.title)).toEqual([
      'Men Jacket',
    ]);
    expect(filterProducts(list, { ...emptyFilter, category: 'all' })).toHaveLength(3);
  });
  it('searches titles case-insensitively, combined with the other filters', () => {
    expect(filterProducts(list, { ...emptyFilter, search: 'SHAWL' }).map((x) => x.title)).toEqual([
      'Woman Shawl',
    ]);
    expect(filterProducts(list, { ...emptyFilter, search: 'a', category: 'Electronics' })).toHaveLength(0);
  });
});

describe('account schemas (spec section 5)', () => {
  const good = {
    name: 'Mona',
    email: 'mona@example.com',
    password: 'secret1',
    rePassword: 'secret1',
    phone: '01012345678',
  };
  const msg = (v: Partial<typeof good>) => firstError(registerSchema, { ...good, ...v })?.msg;
  it('accepts a valid registration', () => expect(firstError(registerSchema, good)).toBeNull());
  it('gives every registration message', () => {
    expect(msg({ name: '' })).toBe(messages.nameRequired);
    expect(msg({ name: 'Mo' })).toBe('Name Must be three Characters or More');
    expect(msg({ name: 'A'.repeat(15) })).toBe('Name Must be less than 14 characters');
    expect(msg({ email: '' })).toBe('email is required');
    expect(msg({ email: 'mona@' })).toBe('email is not Valid');
    expect(msg({ password: '', rePassword: '' })).toBe('password is required');
    expect(msg({ password: '12345', rePassword: '12345' })).toBe('Password must be 6 charachters or more');
    expect(msg({ password: 'x'.repeat(21), rePassword: 'x'.repeat(21) })).toBe(
      'Password is very large must be less than Characters',
    );
    expect(msg({ rePassword: '' })).toBe('Please confirm your password');
    expect(msg({ rePassword: 'other12' })).toBe('Passwords must be match');
    expect(msg({ phone: '' })).toBe('Phone is required');
    expect(msg({ phone: '01312345678' })).toBe('Phone must be Egptian Number');
  });
  it('reports the first failing field with its value, in field order', () => {
    expect(firstError(registerSchema, { ...good, name: 'Mo', phone: 'x' })).toEqual({
      param: 'name',
      msg: 'Name Must be three Characters or More',
      value: 'Mo',
    });
  });
  it('login requires email and password', () => {
    expect(firstError(loginSchema, { email: '', password: 'x' })?.msg).toBe('email is required');
    expect(firstError(loginSchema, { email: 'a@b.co', password: '' })?.msg).toBe('password is required');
  });
  it('the provider completion form applies the password, rePassword and phone rules', () => {
    expect(
      firstError(providerRegisterSchema, { password: 'secret1', rePassword: 'secret2', phone: '01012345678' })
        ?.msg,
    ).toBe('Passwords must be match');
  });
});
