// Every text of the hosted test payment page, in each language it speaks. The English is the page's own wording;
// the Arabic says the same to a shopper in Egypt. Amounts and counts are formatted for the language (Intl,
// 'ar-EG': Arabic-Indic digits and ج.م.); card numbers a shopper types stay in ASCII digits, isolated
// left-to-right ({ ltr }) so a right-to-left line never reverses their groups.
import { formatEgp } from '@/lib/rules/money';
import { formatEgpOff } from '@/lib/rules/money-off';
import type { Language } from '@/lib/contract/common';
import { ar as storefrontAr } from '@/lib/i18n/ar';
import { en as storefrontEn } from '@/lib/i18n/en';
import { sentMessages } from '@/lib/i18n/compiled/en-sent';
import { matchServerMessage } from '@/lib/i18n/server-message-match';
import { cardMessages, type CardMessages } from './card';

/** Text with parts to isolate left to right (page.ts renders them as <span dir="ltr">). */
export type RichText = Array<string | { ltr: string }>;

export interface PageTexts {
  /** The <html> element's lang and dir. */
  lang: Language;
  dir: 'ltr' | 'rtl';
  skipToMain: string;
  testBadge: string;
  /** Prefix of an inline field error, for screen readers. */
  errorPrefix: string;
  paymentNotCompleted: string;
  thereIsAProblem: string;
  payShop: (shop: string) => string;
  pageTitle: string;
  yourOrder: string;
  itemsCaption: string;
  item: string;
  qty: string;
  price: string;
  originalPrice: string;
  tax: string;
  savings: string;
  /** The count row of the summary, as the cart writes it: 'Cart Items 2 (3 pieces)'. */
  cartItems: string;
  itemsAndPieces: (items: number, pieces: number) => string;
  total: string;
  cardDetails: string;
  cardNumber: string;
  /** The hint under the card number. */
  testCardHint: RichText;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  nameOnCard: string;
  payAmount: (amount: string) => string;
  cancel: string;
  /** The note under the form. */
  note: RichText;
  card: CardMessages;
  messages: {
    brokenTitle: string;
    brokenHeading: string;
    refusedRequestTitle: string;
    refusedRequestHeading: string;
    formTooLarge: string;
    couldNotProcess: string;
    onlyOwnForm: string;
    nothingChargedTryAgain: string;
    notFoundTitle: string;
    notFoundHeading: string;
    notFoundBody: string[];
    expiredTitle: string;
    expiredHeading: string;
    expiredBody: string[];
    returnToCart: string;
    paidTitle: string;
    paidHeading: string;
    paidBody: string[];
    viewOrders: string;
    failedTitle: string;
    failedHeading: string;
    refusedTitle: string;
    refusedHeading: string;
    refusedBody: string[];
    openPaymentPage: string;
    paymentFailed: string;
  };
  /** Formats whole pounds as the language writes money. */
  money: (pounds: number) => string;
  /** The savings line: money taken off. */
  minusMoney: (pounds: number) => string;
  count: (n: number) => string;
  /** A stored failure reason in this language; one it does not know is shown as stored. */
  reason: (stored: string) => string;
}

// A fixed locale for each language, so every server renders the same text.
const countAr = new Intl.NumberFormat('ar-EG');
const pluralAr = new Intl.PluralRules('ar-EG');

/** "٣ قطع": the storefront's Arabic word for pieces (lib/i18n/ar.ts, 'cart.pieces'), in its plural forms. */
function piecesAr(n: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'قطعة واحدة',
    two: 'قطعتان',
    few: `${countAr.format(n)} قطع`,
  };
  return forms[pluralAr.select(n)] ?? `${countAr.format(n)} قطعة`;
}

const en: PageTexts = {
  lang: 'en',
  dir: 'ltr',
  skipToMain: 'Skip to main content',
  testBadge: 'Test payment page: no real card is charged',
  errorPrefix: 'Error: ',
  paymentNotCompleted: 'Payment not completed',
  thereIsAProblem: 'There is a problem',
  payShop: (shop) => `Pay ${shop}`,
  pageTitle: 'Pay',
  yourOrder: 'Your order',
  itemsCaption: 'Items in this order',
  item: 'Item',
  qty: 'Qty',
  price: 'Price',
  originalPrice: 'Original price',
  tax: 'Tax',
  savings: 'Savings',
  cartItems: storefrontEn['cart.cartItems'],
  itemsAndPieces: (items, pieces) =>
    items === pieces
      ? String(items)
      : `${items} ${storefrontEn['cart.pieces'].replace('{count}', String(pieces))}`,
  total: 'Total',
  cardDetails: 'Card details',
  cardNumber: 'Card number',
  testCardHint: ['Test card: 4242 4242 4242 4242'],
  expiry: 'Expiry date (MM/YY)',
  expiryPlaceholder: 'MM/YY',
  cvc: 'Security code (CVC)',
  nameOnCard: 'Name on card',
  payAmount: (amount) => `Pay ${amount}`,
  cancel: 'Cancel and return to the shop',
  note: [
    "This is the shop's test payment page. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Use any future expiry date and any 3-digit CVC.",
  ],
  card: cardMessages,
  messages: {
    brokenTitle: 'Something went wrong',
    brokenHeading: 'Something went wrong on our side',
    refusedRequestTitle: 'Request not accepted',
    refusedRequestHeading: 'This request could not be accepted',
    formTooLarge: 'The form sent was too large.',
    couldNotProcess: 'We could not show or process this payment just now.',
    onlyOwnForm: 'The payment page only accepts its own form.',
    nothingChargedTryAgain: 'Nothing was charged. Please go back and try again.',
    notFoundTitle: 'Payment not found',
    notFoundHeading: 'We could not find this payment',
    notFoundBody: [
      'The payment link is incomplete or no longer exists. Nothing was charged.',
      'Go back to the shop and start the checkout again from your cart.',
    ],
    expiredTitle: 'Payment expired',
    expiredHeading: 'This payment page has expired',
    expiredBody: [
      'Payment pages are open for 24 hours. Nothing was charged, and your cart is unchanged.',
      'Return to your cart and check out again to get a new payment page.',
    ],
    returnToCart: 'Return to your cart',
    paidTitle: 'Payment received',
    paidHeading: 'This order is already paid',
    paidBody: ['We have received the payment for this order. You do not need to pay again.'],
    viewOrders: 'View your orders',
    failedTitle: 'Payment not completed',
    failedHeading: 'We could not complete this order',
    refusedTitle: 'Payment refused',
    refusedHeading: 'This payment form could not be accepted',
    refusedBody: [
      'For your safety, payments are only accepted from this payment page itself. Nothing was charged.',
      'Open the payment page again and submit the form there.',
    ],
    openPaymentPage: 'Open the payment page',
    paymentFailed: 'Payment failed.',
  },
  // The storefront's one way of writing amounts ("5,400 EGP", "-64 EGP"), so the payment page reads like the shop.
  money: (pounds) => formatEgp(pounds),
  minusMoney: (pounds) => formatEgpOff(pounds),
  count: (n) => String(n),
  reason: (stored) => stored,
};

const cardMessagesAr: CardMessages = {
  numberRequired: 'أدخل رقم البطاقة.',
  numberInvalid: 'رقم البطاقة غير صحيح. راجع الأرقام المكتوبة على بطاقتك وحاول مرة أخرى.',
  declined: 'تم رفض بطاقتك.',
  unknownCard:
    'تم رفض بطاقتك. هذه صفحة دفع تجريبية: لا يمكن الدفع هنا إلا ببطاقة الاختبار 4242 4242 4242 4242.',
  expiryRequired: 'أدخل تاريخ انتهاء البطاقة.',
  expiryFormat: 'أدخل تاريخ الانتهاء بصيغة شهر/سنة، مثل 04/29.',
  expiryPast: 'انتهت صلاحية بطاقتك. راجع تاريخ الانتهاء أو استخدم بطاقة أخرى.',
  cvcRequired: 'أدخل رمز الأمان (CVC).',
  cvcFormat: 'رمز الأمان (CVC) هو الأرقام الثلاثة أو الأربعة المطبوعة على ظهر بطاقتك.',
  nameRequired: 'أدخل الاسم المكتوب على البطاقة.',
  nameTooLong: 'يجب ألا يزيد الاسم المكتوب على البطاقة عن 100 حرف.',
};

const refundAr = 'سيتم رد المبلغ المدفوع، ويمكنك التواصل مع المتجر إذا كان لديك أي استفسار.';
const nothingChargedAr = 'لم يتم خصم أي مبلغ.';

/** The failure reasons fulfilment stores (fulfil.ts), English → Arabic; one it does not know as a plain sentence. */
function reasonAr(stored: string): string {
  const known: Record<string, string> = {
    'Your cart changed after this payment page was opened, so its total no longer matches. Nothing was charged. Return to your cart and check out again.':
      'تغيرت سلة مشترياتك بعد فتح صفحة الدفع هذه، فلم يعد إجماليها مطابقا. لم يتم خصم أي مبلغ. ارجع إلى سلتك وأكمل الشراء من جديد.',
    'Your cart changed after this payment page was opened, so the order was not placed. Your payment will be refunded; contact the shop if you have questions.': `تغيرت سلة مشترياتك بعد فتح صفحة الدفع هذه، فلم يتم تسجيل الطلب. ${refundAr}`,
    'The amount charged does not match this order, so it was not placed. Your payment will be refunded; contact the shop if you have questions.': `المبلغ المدفوع لا يطابق هذا الطلب، فلم يتم تسجيله. ${refundAr}`,
    'Payment failed.': 'تعذر إتمام الدفع.',
  };
  const direct = Object.hasOwn(known, stored) ? known[stored] : undefined;
  if (direct) return direct;
  const consequence = (tail: string | undefined) =>
    tail === 'Nothing was charged.' ? nothingChargedAr : tail ? refundAr : '';
  const ordered =
    /^This cart was already turned into order #(\d+)\. (Nothing was charged\.|Your payment will be refunded; contact the shop if you have questions\.)$/.exec(
      stored,
    );
  if (ordered)
    return `تم تحويل هذه السلة بالفعل إلى الطلب رقم ${countAr.format(Number(ordered[1]))}. ${consequence(ordered[2])}`;
  const refused =
    /^(.+?)\. (Nothing was charged\.|Your payment will be refunded; contact the shop if you have questions\.)$/.exec(
      stored,
    );
  if (refused) {
    const [, cause = '', tail] = refused;
    const why =
      cause === 'Your cart is empty'
        ? 'سلة مشترياتك فارغة.'
        : cause.startsWith('Insufficient stock for ')
          ? `الكمية المتاحة لا تكفي من «${cause.slice('Insufficient stock for '.length)}».`
          : cause.startsWith('No cart for this id ')
            ? 'لم نعد نجد سلة مشترياتك.'
            : // The order's other refusals (the holds, the limits) as the storefront says them.
              (refusalAr(cause) ?? 'تعذر تسجيل الطلب.');
    return `${why} ${consequence(tail)}`;
  }
  // A reason this page does not know: never English on the Arabic page (the reason is logged and stored).
  return 'تعذر إتمام الدفع.';
}

/** A server refusal in the storefront's Arabic (lib/i18n/ar.ts: the same catalogue as the shop's screens), or null. */
function refusalAr(text: string): string | null {
  const match = matchServerMessage(text, sentMessages);
  if (!match) return null;
  const template = storefrontAr[match.id];
  // Plain placeholders only: a plural would need the storefront's formatter (no refusal has one).
  if (/\{\w+,/.test(template)) return null;
  const sentence = template.replace(/\{(\w+)\}/g, (_, name: string) => match.values[name] ?? '');
  return /[.!؟]$/.test(sentence) ? sentence : `${sentence}.`;
}

const ar: PageTexts = {
  lang: 'ar',
  dir: 'rtl',
  skipToMain: 'انتقل إلى المحتوى الرئيسي',
  testBadge: 'صفحة دفع تجريبية: لن يتم خصم أي مبلغ من بطاقة حقيقية',
  errorPrefix: 'خطأ: ',
  paymentNotCompleted: 'لم يكتمل الدفع',
  thereIsAProblem: 'توجد مشكلة',
  payShop: (shop) => `الدفع لـ ${shop}`,
  pageTitle: 'الدفع',
  yourOrder: 'طلبك',
  itemsCaption: 'المنتجات في هذا الطلب',
  item: 'المنتج',
  qty: 'الكمية',
  price: 'السعر',
  originalPrice: 'السعر الأصلي',
  tax: 'الضريبة',
  savings: 'التوفير',
  cartItems: storefrontAr['cart.cartItems'],
  itemsAndPieces: (items, pieces) =>
    items === pieces ? countAr.format(items) : `${countAr.format(items)} (${piecesAr(pieces)})`,
  total: 'الإجمالي',
  cardDetails: 'بيانات البطاقة',
  cardNumber: 'رقم البطاقة',
  testCardHint: ['بطاقة الاختبار: ', { ltr: '4242 4242 4242 4242' }],
  expiry: 'تاريخ الانتهاء (شهر/سنة)',
  expiryPlaceholder: 'MM/YY',
  cvc: 'رمز الأمان (CVC)',
  nameOnCard: 'الاسم على البطاقة',
  payAmount: (amount) => `ادفع ${amount}`,
  cancel: 'إلغاء والعودة إلى المتجر',
  note: [
    'هذه صفحة الدفع التجريبية للمتجر. البطاقة ',
    { ltr: '4242 4242 4242 4242' },
    ' يتم الدفع بها، والبطاقة ',
    { ltr: '4000 0000 0000 0002' },
    ' يتم رفضها. استخدم أي تاريخ انتهاء في المستقبل وأي رمز أمان من 3 أرقام.',
  ],
  card: cardMessagesAr,
  messages: {
    brokenTitle: 'حدث خطأ ما',
    brokenHeading: 'حدث خطأ ما من جهتنا',
    refusedRequestTitle: 'لم يتم قبول الطلب',
    refusedRequestHeading: 'تعذر قبول هذا الطلب',
    formTooLarge: 'النموذج المرسل أكبر من المسموح.',
    couldNotProcess: 'تعذر عرض هذا الدفع أو تنفيذه الآن.',
    onlyOwnForm: 'صفحة الدفع لا تقبل إلا النموذج الخاص بها.',
    nothingChargedTryAgain: 'لم يتم خصم أي مبلغ. ارجع وحاول مرة أخرى من فضلك.',
    notFoundTitle: 'لم يتم العثور على الدفع',
    notFoundHeading: 'لم نعثر على عملية الدفع هذه',
    notFoundBody: [
      'رابط الدفع غير مكتمل أو لم يعد موجودا. لم يتم خصم أي مبلغ.',
      'ارجع إلى المتجر وابدأ إتمام الشراء من جديد من سلة مشترياتك.',
    ],
    expiredTitle: 'انتهت صلاحية الدفع',
    expiredHeading: 'انتهت صلاحية صفحة الدفع هذه',
    expiredBody: [
      'تظل صفحات الدفع متاحة لمدة 24 ساعة. لم يتم خصم أي مبلغ، وسلة مشترياتك كما هي.',
      'ارجع إلى سلتك وأكمل الشراء من جديد لتحصل على صفحة دفع جديدة.',
    ],
    returnToCart: 'العودة إلى سلة المشتريات',
    paidTitle: 'تم استلام الدفع',
    paidHeading: 'تم دفع هذا الطلب بالفعل',
    paidBody: ['استلمنا قيمة هذا الطلب، ولا داعي للدفع مرة أخرى.'],
    viewOrders: 'عرض طلباتك',
    failedTitle: 'لم يكتمل الدفع',
    failedHeading: 'تعذر إتمام هذا الطلب',
    refusedTitle: 'تم رفض الدفع',
    refusedHeading: 'تعذر قبول نموذج الدفع هذا',
    refusedBody: [
      'حفاظا على أمانك، لا نقبل الدفع إلا من صفحة الدفع نفسها. لم يتم خصم أي مبلغ.',
      'افتح صفحة الدفع مرة أخرى وأرسل النموذج منها.',
    ],
    openPaymentPage: 'فتح صفحة الدفع',
    paymentFailed: 'تعذر إتمام الدفع.',
  },
  money: (pounds) => formatEgp(pounds, 'ar'),
  minusMoney: (pounds) => formatEgpOff(pounds, 'ar'),
  count: (n) => countAr.format(n),
  reason: reasonAr,
};

export const pageTexts: Record<Language, PageTexts> = { en, ar };
