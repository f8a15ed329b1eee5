/**
 * Runs `act` once `el` has left the page for good: an element moved in the
 * page (removed and put back in one task) reconnects at once and keeps what
 * it holds. Call it from a disconnect.
 */
export function whenRemoved(el: Element, act: () => void): void {
  setTimeout(() => {
    if (!el.isConnected) act();
  }, 0);
}
