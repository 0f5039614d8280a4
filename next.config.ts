import type { NextConfig } from 'next';
import { basePath } from './lib/base-path';

const nextConfig: NextConfig = {
  output: 'export',
  basePath,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  // The storefront is one client page with a hash router; Next only renders the shell.
  trailingSlash: true,
  experimental: { inlineCss: true },
};

export default nextConfig;
