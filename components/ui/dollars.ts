// The cart page's currency (spec section 9: '$' on this page). A fixed locale keeps every render alike.
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
