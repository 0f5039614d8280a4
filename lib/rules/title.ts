/** The first n words of a title (Home, product list and category cards show 2; brand cards show 1). */
export function firstWords(title: string, n: number): string {
  return title.trim().split(/\s+/).slice(0, n).join(' ');
}
