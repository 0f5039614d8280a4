// Issue 29, item 5: every refusal a checkout or an order can meet reaches the shopper in their language. The
// storefront knows each one the server sends (lib/i18n: English as sent, Arabic from the catalogue), and the
// hosted payment page says each failure reason fulfilment stores in Arabic, never in English.
import { describe, expect, it } from 'vitest';
import { ar } from '@/lib/i18n/ar';
import { sentMessages } from '@/lib/i18n/compiled/en-sent';
import { matchServerMessage } from '@/lib/i18n/server-message-match';
import { tooManyAddresses } from '@/server/modules/addresses/service';
import { pageTexts } from '@/server/modules/checkout/providers/test-provider/texts';
import { providerUnavailable, tooManySessions } from '@/server/modules/checkout/service';
import {
  tooManyHeldForPhone,
  tooManyHeldForShippingAddress,
  tooManyHeldFromAddress,
  tooManyHeldOfProduct,
  tooManyOfOne,
  tooManyOpenOrders,
  tooManyUnits,
} from '@/server/modules/orders/limits';
import { insufficientStock, noCartWithId } from '@/server/modules/orders/place-order';

// What placing an order refuses with (cash at once, card at fulfilment): the holds, the limits, the stock.
const orderRefusals = [
  tooManyHeldFromAddress(300, 296),
  tooManyHeldForPhone(300, 12),
  tooManyHeldForShippingAddress(300, 299),
  tooManyHeldOfProduct('Glass Vase', 2),
  tooManyHeldOfProduct('Glass Vase', 0),
  tooManyOfOne('Glass Vase'),
  tooManyUnits,
  tooManyOpenOrders,
  insufficientStock('Glass Vase'),
  'Your cart is empty',
];
// What opening a card checkout or saving the address on the way may refuse with besides.
const checkoutRefusals = [...orderRefusals, tooManySessions, providerUnavailable, tooManyAddresses];

/** Latin words in an Arabic sentence, the product's title aside. */
const english = (text: string) => text.replace(/Glass Vase/g, '').match(/[A-Za-z]{2,}/g) ?? [];

describe('the refusals of a checkout', () => {
  it.each(checkoutRefusals)('the storefront knows "%s" and has it in Arabic', (message) => {
    const known = matchServerMessage(message, sentMessages);
    expect(known, message).not.toBeNull();
    const arabic = ar[known!.id].replace(/\{(\w+)\}/g, (_, name: string) => known!.values[name] ?? '');
    expect(arabic).toMatch(/[\u0600-\u06ff]/);
    expect(english(arabic)).toEqual([]);
    if (message.includes('Glass Vase')) expect(arabic).toContain('Glass Vase');
  });
});

describe('the payment page in Arabic', () => {
  const reason = pageTexts.ar.reason;
  const nothingCharged = 'لم يتم خصم أي مبلغ.';
  const refunded = 'سيتم رد المبلغ المدفوع، ويمكنك التواصل مع المتجر إذا كان لديك أي استفسار.';

  it.each(orderRefusals)('says why "%s" failed, and what happens to the money', (message) => {
    for (const [tail, arabicTail] of [
      ['Nothing was charged.', nothingCharged],
      ['Your payment will be refunded; contact the shop if you have questions.', refunded],
    ] as const) {
      const shown = reason(`${message}. ${tail}`);
      expect(english(shown), shown).toEqual([]);
      expect(shown.endsWith(arabicTail), shown).toBe(true);
    }
  });

  it('the holds read as the shop says them, with their figures', () => {
    expect(reason(`${tooManyHeldFromAddress(300, 296)}. Nothing was charged.`)).toBe(
      'لا يمكن أن تحجز الطلبات التي لم تُوصَّل بعد من اتصالك أكثر من 300 قطعة معًا، والمحجوز الآن 296؛ اطلب عددًا أقل، أو انتظر حتى توصيل الطلبات السابقة. ' +
        nothingCharged,
    );
  });

  it('a reason it does not know is a plain Arabic sentence, not the stored English', () => {
    expect(reason('Something nobody wrote down yet.')).toBe('تعذر إتمام الدفع.');
    expect(reason('A refusal nobody translated. Nothing was charged.')).toBe(
      `تعذر تسجيل الطلب. ${nothingCharged}`,
    );
    // English shows the stored reason as it is.
    expect(pageTexts.en.reason('Insufficient stock for Glass Vase. Nothing was charged.')).toBe(
      'Insufficient stock for Glass Vase. Nothing was charged.',
    );
    expect(noCartWithId('x')).toMatch(/^No cart for this id /);
    expect(reason(`${noCartWithId('6650a1b2c3d4e5f6a7b8c9ff')}. Nothing was charged.`)).toBe(
      `لم نعد نجد سلة مشترياتك. ${nothingCharged}`,
    );
  });
});
