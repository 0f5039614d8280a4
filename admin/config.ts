// The back office's own settings. It shares nothing with the storefront's session: its token lives in
// sessionStorage under a key of its own (a staff session ends with the tab), never in the storefront's 'tkn'.

/** {host} of the API, as the storefront's build sets it (empty: the page's own origin); scripts/build-admin.mjs
 * writes the build's NEXT_PUBLIC_API_HOST in, as Next does for the storefront. */
export const apiBase = `${(process.env.NEXT_PUBLIC_API_HOST ?? '').replace(/\/+$/, '')}/api/v1`;

/** sessionStorage key of the staff token. */
export const STAFF_TOKEN_KEY = 'freshcart.staff.token';

/** sessionStorage key of the signed-in staff member's name and role, for the app bar. */
export const STAFF_IDENTITY_KEY = 'freshcart.staff.identity';

/** Prefix of the react-admin store's keys in localStorage (language, theme, list preferences; never a token). */
export const storePrefix = 'freshcart.office';

/** The roles that may enter. */
export const staffRoles = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === 'string' && (staffRoles as readonly string[]).includes(role);
}

/** The storefront's base path (lib/base-path.ts): its pages and public files (the built-in banners) are under it. */
export const storefrontBase = '/ecommerceweb';
