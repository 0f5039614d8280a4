/**
 * Where the storefront lives: Next's basePath, the server's static mount, the icon and asset links. Next does not
 * prefix it onto plain <img> or <link> URLs of a static export, so they use it too (components/ui/asset.ts).
 */
export const basePath = '/ecommerceweb';
