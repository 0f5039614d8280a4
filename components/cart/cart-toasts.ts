import { notify } from '@/components/ui/notify';

// Spec sections 8 and 9: the cart page's toasts, texts (typos included) and timings exactly as given.
const topRight = { position: 'top-right' } as const;

export const cartToasts = {
  countUpdated: () => notify('success', 'count is Updated', { ...topRight, delay: 3000, autoClose: 2000 }),
  itemRemoved: () => notify('success', 'Cart item is deleted Sucessfuly', { ...topRight, autoClose: 1000 }),
  cartCleared: () =>
    notify('success', 'Cart Shopping is deleted Sucessfuly', { ...topRight, autoClose: 1000 }),
  failed: () => notify('error', 'error occured', { ...topRight, autoClose: 2000 }),
};
