import { FirstScreenPlaceholder } from '@/components/app/first-screen-placeholder';
import { Storefront } from '@/components/app/storefront';

// The storefront is one client page; its first screen's placeholder is rendered here, at export, so the
// browser gets it as markup and downloads none of its code.
export default function Page() {
  return (
    <div id="root">
      <Storefront placeholder={<FirstScreenPlaceholder />} />
    </div>
  );
}
