import type { Metadata } from 'next';
import { AdminMount } from './admin-mount';

// The staff's back office at /ecommerceweb/admin/: an empty shell at export, the app itself loaded client-side.
export const metadata: Metadata = {
  title: 'FreshCart back office',
  robots: { index: false, follow: false },
};

export default function AdminPage() {
  return (
    <div id="back-office">
      <AdminMount />
    </div>
  );
}
