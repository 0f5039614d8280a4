/** Sends the whole window to another site (the hosted payment page), as spec section 4 says. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
