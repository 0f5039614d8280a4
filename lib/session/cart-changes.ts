import type { CartLine } from '@/lib/contract/cart';

/**
 * What differs between the cart a screen showed and the cart the server now holds, in a shopper's words:
 * "Phone X was removed", "Shirt Y: quantity now 3", "Lamp Z was added". Empty when nothing changed.
 */
export function describeCartChanges(before: readonly CartLine[], after: readonly CartLine[]): string[] {
  const changes: string[] = [];
  const idOf = (line: CartLine) => line.product._id;
  const afterById = new Map(after.map((line) => [idOf(line), line]));
  const beforeIds = new Set(before.map(idOf));
  for (const line of before) {
    const now = afterById.get(idOf(line));
    if (!now) changes.push(`${line.product.title} was removed`);
    else if (now.count !== line.count) changes.push(`${line.product.title}: quantity now ${now.count}`);
  }
  for (const line of after) {
    if (!beforeIds.has(idOf(line))) changes.push(`${line.product.title} was added`);
  }
  return changes;
}

/** One sentence for the notice and for screen readers. */
export function cartChangedNotice(changes: readonly string[]): string | null {
  if (changes.length === 0) return null;
  return `Your cart was changed in another tab or device: ${changes.join('; ')}.`;
}
