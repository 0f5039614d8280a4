import { getToken } from './session-store';
import { cartState, setCartState } from './cart-state';

/*
 * Cart calls run one after another and each applies the server's own answer. Two fast clicks on '+' therefore
 * end with the state of the last call the server answered, never a count the server does not have.
 * `generation` changes whenever the cart is reset or the shopper changes, so an answer that arrives after a
 * logout cannot bring the old cart back: a task compares the generation it started in with `currentGeneration()`.
 */
let queue: Promise<unknown> = Promise.resolve();
let pendingCalls = 0;
let pendingShopperCalls = 0;
let generation = 0;
let lastFailure: unknown = null;

export type CartTask = (token: string, generationAtStart: number) => Promise<boolean>;

export function currentGeneration(): number {
  return generation;
}

/** Another shopper, a logout or a local reset: answers of calls started before are dropped. */
export function nextGeneration(): void {
  generation += 1;
}

/** Why the last cart call failed (the server's ApiError, or what was thrown); null after a success. */
export function lastCartFailure(): unknown {
  return lastFailure;
}

export interface CartCallOptions {
  /** Started by the shopper (a button): the busy overlay shows while it runs. */
  byShopper?: boolean;
}

/** Queues a cart call; isLoadingCartOperation is true from the first queued call until the last one ends. */
export function runCartCall(task: CartTask, options: CartCallOptions = {}): Promise<boolean> {
  const byShopper = options.byShopper === true;
  pendingCalls += 1;
  if (byShopper) pendingShopperCalls += 1;
  const patch: Partial<ReturnType<typeof cartState>> = {};
  if (!cartState().isLoadingCartOperation) patch.isLoadingCartOperation = true;
  if (byShopper && !cartState().isShopperCartOperation) patch.isShopperCartOperation = true;
  if (Object.keys(patch).length) setCartState(patch);
  const run = queue.then(async () => {
    const token = getToken();
    if (!token) return false;
    try {
      const ok = await task(token, generation);
      if (ok) lastFailure = null;
      return ok;
    } catch (err) {
      // Spec section 8: a failed cart call is logged and returns false; screens show their own toast.
      console.error(err);
      lastFailure = err;
      return false;
    }
  });
  queue = run;
  return run.finally(() => {
    pendingCalls -= 1;
    if (byShopper) pendingShopperCalls -= 1;
    const done: Partial<ReturnType<typeof cartState>> = {};
    if (pendingCalls === 0) done.isLoadingCartOperation = false;
    if (byShopper && pendingShopperCalls === 0) done.isShopperCartOperation = false;
    if (Object.keys(done).length) setCartState(done);
  });
}
