// The back office's entry (scripts/build-admin.mjs bundles it with esbuild into out/admin/assets/): renders the app
// into the page's root element. out/admin/index.html is written by the same script; nothing of Next is on the page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackOffice } from './back-office';

const root = document.getElementById('root');
if (!root) throw new Error('The back office page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <BackOffice />
  </StrictMode>,
);
