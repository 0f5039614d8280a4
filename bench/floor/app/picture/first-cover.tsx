'use client';

import { useEffect, useState } from 'react';
import { cardSizes, widths } from '../early';

interface Page {
  data: Array<{ title: string; imageCover: string }>;
}

export function FirstCover() {
  const [first, setFirst] = useState<Page['data'][number] | null>(null);
  useEffect(() => {
    void (window as unknown as { __first: Promise<Page> }).__first.then((b) => setFirst(b.data[0] ?? null));
  }, []);
  if (!first) return <p>Loading</p>;
  const at = (w: number) => {
    const x = new URL(first.imageCover, location.href);
    x.searchParams.set('w', String(w));
    return x.href;
  };
  return (
    <img
      src={at(640)}
      srcSet={widths.map((w) => `${at(w)} ${w}w`).join(', ')}
      sizes={cardSizes}
      width={320}
      height={320}
      alt={first.title}
      fetchPriority="high"
      style={{ width: '45vw', height: 'auto' }}
    />
  );
}
