// {host} of the spec: set at build time; empty means the storefront's own origin.
export const apiHost = (process.env.NEXT_PUBLIC_API_HOST ?? '').replace(/\/+$/, '');

export const googleClientId = process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID ?? '';
