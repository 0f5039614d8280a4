// The back office page's head script (scripts/build-admin.mjs bundles it on its own and inlines it into
// out/admin/index.html): before the first paint, <html> takes the back office's own language, direction and title,
// and the colour scheme the staff member chose in react-admin (else the system's, from the page's meta). It is the
// page's only inline script; the server's policy allows it by its hash (server/web/csp.ts hashes every inline
// script of out/**/*.html at start-up). It applies no storefront guard: the back office's routes are its own.
import { currentLocale, directionOf, storeKey, titleOf } from './locale';

const html = document.documentElement;
const locale = currentLocale();
html.lang = locale;
html.dir = directionOf(locale);
document.title = titleOf(locale);
try {
  const theme = window.localStorage.getItem(storeKey('theme'));
  if (theme === '"dark"' || theme === '"light"') html.style.colorScheme = theme.slice(1, -1);
} catch {
  // storage refused: the system's scheme
}
