'use client';
import dynamic from 'next/dynamic';

// The back office is fetched only here, in the browser: nothing of react-admin is prerendered or in a chunk that
// a storefront page loads. Its hash is put under #/office before it starts (admin/back-office.tsx).
const BackOffice = dynamic(
  () =>
    import('@/admin/back-office').then((m) => {
      m.normaliseHash();
      return m.BackOffice;
    }),
  {
    ssr: false,
    loading: () => (
      <p role="status" style={{ margin: '2rem', fontFamily: 'system-ui, sans-serif' }}>
        Loading the back office…
      </p>
    ),
  },
);

export function AdminMount() {
  return <BackOffice />;
}
