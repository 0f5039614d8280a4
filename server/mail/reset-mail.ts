import type { Language } from '@/lib/contract/common';
import type { MailMessage } from './mailer';

export interface ResetMailFacts {
  to: string;
  shopName: string;
  /** The account's name, as the shopper typed it. */
  name: string;
  code: string;
}

/**
 * The password-reset mail in the language the request asked for (?lang=, Accept-Language). The English is the
 * mail as it always was; the Arabic says the same. The code stays in ASCII digits: the shopper types it back.
 */
export function resetMail(lang: Language, facts: ResetMailFacts): MailMessage {
  const { to, shopName, name, code } = facts;
  if (lang === 'ar') {
    return {
      to,
      language: 'ar',
      subject: `رمز إعادة تعيين كلمة المرور لحسابك في ${shopName} (صالح لمدة 10 دقائق)`,
      text:
        `مرحبا ${name}،\n\n` +
        `وصلنا طلب لإعادة تعيين كلمة المرور لحسابك في ${shopName}.\n` +
        `رمز إعادة التعيين: ${code}\n\n` +
        `أدخله في خطوة إدخال رمز التحقق. تنتهي صلاحيته بعد 10 دقائق.\n` +
        `إذا لم تطلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.\n`,
    };
  }
  return {
    to,
    language: 'en',
    subject: `Your ${shopName} password reset code (valid for 10 minutes)`,
    text:
      `Hi ${name},\n\n` +
      `We received a request to reset the password of your ${shopName} account.\n` +
      `Your reset code is: ${code}\n\n` +
      `Enter it on the "Enter Your verify Code" step. It expires in 10 minutes.\n` +
      `If you did not ask for this, ignore this e-mail: your password stays the same.\n`,
  };
}
