// Plurals (and any ICU form beyond text and plain placeholders) through Lingui's core: imported by the
// compiled catalogue parts that hold such a message (lib/i18n/compiled/), so the page's own bundle carries no
// message library while no screen of it needs one.
import { setupI18n, type I18n } from '@lingui/core';
import { intlLocales, type Lang } from './language';
import { setMessageFormatter } from './registry';

const instances = new Map<Lang, I18n>();

setMessageFormatter((lang, id, compiled, values) => {
  let i18n = instances.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: lang, locales: intlLocales[lang], messages: { [lang]: {} } });
    instances.set(lang, i18n);
  }
  i18n.load(lang, { [id]: compiled as never });
  return i18n._(id, values);
});
