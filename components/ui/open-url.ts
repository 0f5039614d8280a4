/** Hands a URL to the browser (a mailto: draft opens the shopper's own e-mail app). One place, so tests can stand in. */
export function openUrl(url: string): void {
  window.location.assign(url);
}
