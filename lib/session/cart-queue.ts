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
let generation = 0;

export type CartTask = (token: string, generationAtStart: number) => Promise<boolean>;

export function currentGeneration(): number {
  return generation;
}

/** Another shopper, a logout or a local reset: answers of calls started before are dropped. */
export function nextGeneration(): void {
  generation += 1;
}

/** Queues a cart call; isLoadingCartOperation is true from the first queued call until the last one ends. */
export function runCartCall(task: CartTask): Promise<boolean> {
  pendingCalls += 1;
  if (!cartState().isLoadingCartOperation) setCartState({ isLoadingCartOperation: true });
  const run = queue.then(async () => {
    const token = getToken();
    if (!token) return false;
    try {
      return await task(token, generation);
    } catch (err) {
      // Spec section 8: a failed cart call is logged and returns false; screens show their own toast.
      console.error(err);
      return false;
    }
  });
  queue = run;
  return run.finally(() => {
    pendingCalls -= 1;
    if (pendingCalls === 0) setCartState({ isLoadingCartOperation: false });
  });
}
