/**
 * Lets the work already queued run to its end (promise chains, the fetch fakes' answers, React's scheduler) by
 * giving the event loop a few turns, for assertions that something does *not* happen. No clock is waited on.
 */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
