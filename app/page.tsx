'use client';

import { Storefront } from '@/components/app/storefront';

export default function Page() {
  return (
    <div id="root">
      <Storefront />
    </div>
  );
}
