// Property-based tests (fast-check) for the shared rules in lib/rules and the cart → order
// arithmetic: for all inputs, not just the examples in rules.test.ts. FC_SEED=<n> replays a run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartSummary } from '@/lib/rules/cart-summary';
import { egyptianPhonePattern, isEgyptianPhone } from '@/lib/rules/phone';
import { firstWords } from '@/lib/rules/title';
import { emptyFilter, filterProducts, type FilterableProduct } from '@/lib/rules/product-filter';
import { emailPattern, firstError, loginSchema, registerSchema } from '@/lib/rules/account-schemas';
import { limits, messages } from '@/lib/rules/messages';

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const params = { numRuns: 300, ...(seed !== undefined ? { seed } : {}) };

describe('cart summary identities', () => {
  it('tax = ⌊total/9⌋, savings = ⌊total/10⌋, Total = total + tax − savings, all integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const s = cartSummary(total);
        expect(s.original).toBe(total);
        expect(Number.isInteger(s.tax) && Number.isInteger(s.savings) && Number.isInteger(s.total)).toBe(
          true,
        );
        // ⌊x/9⌋ is the largest integer t with 9t ≤ x; same for 10.
        expect(9 * s.tax <= total && total < 9 * (s.tax + 1)).toBe(true);
        expect(10 * s.savings <= total && total < 10 * (s.savings + 1)).toBe(true);
        expect(s.total).toBe(total + s.tax - s.savings);
      }),
      params,
    );
  });

  it('the Total never falls below the original price and grows with it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (a, extra) => {
          expect(cartSummary(a).total).toBeGreaterThanOrEqual(a);
          expect(cartSummary(a + extra).total).toBeGreaterThanOrEqual(cartSummary(a).total);
        },
      ),
      params,
    );
  });

  it('order totals = the cart summary of the cart: Σ count × price, however the lines are split or ordered', () => {
    const line = fc.record({
      count: fc.integer({ min: 1, max: 50 }),
      price: fc.integer({ min: 1, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.integer(), (lines, shuffleSeed) => {
        const totalCartPrice = lines.reduce((sum, l) => sum + l.count * l.price, 0);
        // The server records an order from the same lines in its own order (sorted by product id).
        const shuffled = [...lines].sort(
          (x, y) =>
            ((x.count * 31 + x.price + shuffleSeed) % 7) - ((y.count * 31 + y.price + shuffleSeed) % 7),
        );
        const orderTotal = shuffled.reduce((sum, l) => sum + l.count * l.price, 0);
        expect(cartSummary(orderTotal)).toEqual(cartSummary(totalCartPrice));
        // A line of count n is n lines of count 1: no line counted twice or lost.
        const unitLines = lines.flatMap((l) => Array.from({ length: l.count }, () => l.price));
        expect(unitLines.reduce((a, b) => a + b, 0)).toBe(totalCartPrice);
      }),
      params,
    );
  });
});

describe('Egyptian phone pattern', () => {
  const digits = (n: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

  it('accepts every (20)?01[0125] + 8 digits', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom('0', '1', '2', '5'), digits(8), (prefix, op, rest) => {
        expect(isEgyptianPhone(`${prefix ? '20' : ''}01${op}${rest}`)).toBe(true);
      }),
      params,
    );
  });

  it('rejects other operators, other lengths and any extra character', () => {
    fc.assert(
      fc.property(fc.constantFrom('3', '4', '6', '7', '8', '9'), digits(8), (op, rest) => {
        expect(isEgyptianPhone(`01${op}${rest}`)).toBe(false);
      }),
      params,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }).filter((n) => n !== 8),
        (n) => {
          expect(isEgyptianPhone(`010${'1'.repeat(n)}`)).toBe(false);
        },
      ),
      params,
    );
    fc.assert(
      fc.property(
        digits(8),
        fc.string({ minLength: 1, maxLength: 3 }).filter((s) => !/^\d*$/.test(s)),
        fc.nat(11),
        (rest, junk, at) => {
          const phone = `010${rest}`;
          expect(isEgyptianPhone(phone.slice(0, at) + junk + phone.slice(at))).toBe(false);
        },
      ),
      params,
    );
  });

  it('agrees with the pattern on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (s) => {
        expect(isEgyptianPhone(s)).toBe(egyptianPhonePattern.test(s));
        if (isEgyptianPhone(s)) expect(s).toMatch(/^\d{11}$|^\d{13}$/);
      }),
      params,
    );
  });
});

describe('title shortening', () => {
  const word = fc.stringMatching(/^[A-Za-z0-9'&-]{1,10}$/);
  it('keeps the first n words, in order, single-spaced', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 0, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(' ', '  ', '\t', ' \n '),
        (words, n, gap) => {
          const title = `${gap}${words.join(gap)}${gap}`;
          const short = firstWords(title, n);
          expect(short).toBe(words.slice(0, n).join(' '));
          expect(short.split(' ').filter(Boolean).length).toBe(Math.min(n, words.length));
          expect(title.replace(/\s+/g, ' ').trim().startsWith(short)).toBe(true);
        },
      ),
      params,
    );
  });
});

describe('product filter', () => {
  const product = fc.record({
    title: fc.string({ maxLength: 20 }),
    price: fc.integer({ min: 0, max: 5000 }),
    category: fc.record({
      name: fc.constantFrom("Women's Fashion", "Men's Fashion", 'Electronics', 'Music', 'Books'),
    }),
  });
  const products = fc.array(product, { maxLength: 25 });
  const filter = fc.record({
    search: fc.oneof(fc.constant(''), fc.string({ maxLength: 4 })),
    priceFrom: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 5000 }).map(String), fc.constant('abc')),
    priceTo: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 5000 }).map(String)),
    category: fc.constantFrom('all', "Women's Fashion", "Men's Fashion", 'Electronics'),
  });

  it('returns a subsequence of the input, each kept item matching every active criterion', () => {
    fc.assert(
      fc.property(products, filter, (list, f) => {
        const out = filterProducts(list, f);
        let i = 0;
        for (const p of out) {
          while (i < list.length && list[i] !== p) i++;
          expect(i).toBeLessThan(list.length);
          i++;
        }
        const from = Number.parseInt(f.priceFrom, 10);
        const to = Number.parseInt(f.priceTo, 10);
        const priceOn = f.priceFrom !== '' && f.priceTo !== '' && !Number.isNaN(from) && !Number.isNaN(to);
        for (const p of list) {
          const keep =
            (!f.search.trim() || p.title.toLowerCase().includes(f.search.trim().toLowerCase())) &&
            (!priceOn || (p.price >= from && p.price <= to)) &&
            (f.category === 'all' || p.category.name.includes(f.category));
          expect(out.includes(p)).toBe(keep);
        }
      }),
      params,
    );
  });

  it('the empty filter keeps everything, and filtering twice changes nothing', () => {
    fc.assert(
      fc.property(products, filter, (list, f) => {
        expect(filterProducts(list, emptyFilter)).toEqual(list);
        const once = filterProducts(list, f);
        expect(filterProducts(once, f)).toEqual(once);
      }),
      params,
    );
  });

  it("the Men's Fashion category never matches Women's Fashion (case-sensitive)", () => {
    fc.assert(
      fc.property(products, (list) => {
        const out = filterProducts<FilterableProduct>(list, { ...emptyFilter, category: "Men's Fashion" });
        expect(out.every((p) => p.category.name === "Men's Fashion")).toBe(true);
      }),
      params,
    );
  });
});

describe('account schemas', () => {
  // Spaces count only between letters: the rule trims first.
  const name = fc
    .stringMatching(/^[A-Za-z ]{3,14}$/)
    .filter((s) => s.trim().length >= limits.nameMin && s.length <= limits.nameMax);
  const email = fc
    .tuple(
      fc.stringMatching(/^[a-z0-9._]{1,12}$/),
      fc.stringMatching(/^[a-z0-9-]{1,10}$/),
      fc.stringMatching(/^[a-z]{2,6}$/),
    )
    .map(([u, d, t]) => `${u}@${d}.${t}`);
  const password = fc.string({ minLength: limits.passwordMin, maxLength: limits.passwordMax });
  const phone = fc
    .tuple(fc.constantFrom('010', '011', '012', '015'), fc.stringMatching(/^\d{8}$/))
    .map(([a, b]) => a + b);

  it('accepts every valid registration', () => {
    fc.assert(
      fc.property(name, email, password, phone, (n, e, p, ph) => {
        expect(
          firstError(registerSchema, { name: n, email: e, password: p, rePassword: p, phone: ph }),
        ).toBeNull();
      }),
      params,
    );
  });

  it("refuses a name of spaces only with the name's own message, whatever the count of spaces", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t]{1,20}$/), email, password, phone, (n, e, p, ph) => {
        const err = firstError(registerSchema, { name: n, email: e, password: p, rePassword: p, phone: ph });
        expect(err).toEqual(expect.objectContaining({ param: 'name', msg: messages.nameRequired }));
      }),
      params,
    );
    // Letters padded with spaces are measured without them.
    expect(
      firstError(registerSchema, {
        name: '  Al  ',
        email: 'a@b.co',
        password: 'secret1',
        rePassword: 'secret1',
        phone: '01012345678',
      })?.msg,
    ).toBe(messages.nameMin);
  });

  it('reports the first failing field in form order with the spec text', () => {
    fc.assert(
      fc.property(
        name,
        email,
        password,
        phone,
        fc.constantFrom('name', 'email', 'password', 'rePassword', 'phone'),
        (n, e, p, ph, broken) => {
          const values: Record<string, unknown> = {
            name: n,
            email: e,
            password: p,
            rePassword: p,
            phone: ph,
          };
          const expected: Record<string, string> = {
            name: messages.nameRequired,
            email: messages.emailRequired,
            password: messages.passwordRequired,
            rePassword: messages.rePasswordRequired,
            phone: messages.phoneRequired,
          };
          values[broken] = '';
          if (broken === 'password') values.rePassword = '';
          const err = firstError(registerSchema, values);
          expect(err?.param).toBe(broken);
          expect(err?.msg).toBe(expected[broken]);
        },
      ),
      params,
    );
  });

  it('length limits and matching passwords hold for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (p, q) => {
        const err = firstError(registerSchema.pick(['password', 'rePassword']), {
          password: p,
          rePassword: q,
        });
        if (p === '') expect(err?.msg).toBe(messages.passwordRequired);
        else if (p.length < limits.passwordMin) expect(err?.msg).toBe(messages.passwordMin);
        else if (p.length > limits.passwordMax) expect(err?.msg).toBe(messages.passwordMax);
        else if (q === '') expect(err?.msg).toBe(messages.rePasswordRequired);
        else if (p !== q) expect(err?.msg).toBe(messages.rePasswordMatch);
        else expect(err).toBeNull();
      }),
      params,
    );
  });

  it('the e-mail rule agrees with the pattern, and sign-in needs both fields', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 10 }), (e, p) => {
        const err = firstError(loginSchema, { email: e, password: p });
        if (e === '') expect(err?.msg).toBe(messages.emailRequired);
        else if (!emailPattern.test(e)) expect(err?.msg).toBe(messages.emailInvalid);
        else if (p === '') expect(err?.msg).toBe(messages.passwordRequired);
        else expect(err).toBeNull();
      }),
      params,
    );
  });
});
