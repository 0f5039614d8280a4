/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  basePath: '/ecommerceweb',
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  // The storefront is one client page with a hash router; Next only renders the shell.
  trailingSlash: true,
};

export default nextConfig;
