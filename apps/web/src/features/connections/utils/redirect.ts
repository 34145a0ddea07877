/** Leaves the app for a provider's consent page (kept apart so tests can observe it). */
export function redirectToUrl(url: string): void {
  window.location.assign(url);
}
