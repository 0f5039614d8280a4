import { t } from '@/lib/i18n/i18n';
import { notify } from '@/components/ui/notify';
import '@/lib/i18n/compiled/en-toast';

// Spec sections 8 and 9: the cart page's toasts, texts (typos included) and timings exactly as given.
const topRight = { position: 'top-right' } as const;

export const cartToasts = {
  countUpdated: () =>
    notify('success', t('toast.countUpdated'), { ...topRight, delay: 3000, autoClose: 2000 }),
  itemRemoved: () => notify('success', t('toast.itemRemoved'), { ...topRight, autoClose: 1000 }),
  cartCleared: () => notify('success', t('toast.cartCleared'), { ...topRight, autoClose: 1000 }),
  failed: () => notify('error', t('toast.error'), { ...topRight, autoClose: 2000 }),
};
