import path from 'node:path';
import type { NextConfig } from 'next';

// The floor of the Lighthouse bench (bench/floor/README.md): the storefront's Next settings, no storefront code.
const nextConfig: NextConfig = {
  output: 'export',
  basePath: '/ecommerceweb',
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  trailingSlash: true,
  experimental: { inlineCss: true },
  turbopack: { root: path.resolve(__dirname, '../..') },
};

export default nextConfig;
