import { toast } from 'react-toastify';

// Spec sections 8 and 9: the cart page's toasts, texts (typos included) and timings exactly as given.
const topRight = { position: 'top-right' } as const;

export const cartToasts = {
  countUpdated: () => toast.success('count is Updated', { ...topRight, delay: 3000, autoClose: 2000 }),
  itemRemoved: () => toast.success('Cart item is deleted Sucessfuly', { ...topRight, autoClose: 1000 }),
  cartCleared: () => toast.success('Cart Shopping is deleted Sucessfuly', { ...topRight, autoClose: 1000 }),
  failed: () => toast.error('error occured', { ...topRight, autoClose: 2000 }),
};
