import type { FieldValues, Resolver } from 'react-hook-form';

type Resolvers = typeof import('./account-validation').resolvers;

let loading: Promise<Resolvers> | null = null;

function loadResolvers(): Promise<Resolvers> {
  // Fetched on the first focus, not with the screen: the first screen carries no validation code.
  loading ??= import('./account-validation').then(
    (m) => m.resolvers,
    (err: unknown) => {
      loading = null; // offline for a moment: the next validation tries again
      throw err;
    },
  );
  return loading;
}

/**
 * Starts fetching the validation code. Forms call it on their first focus: the code has arrived by the time a
 * field is left or the form is sent, so messages appear exactly when they did with the code built in.
 */
export function preloadValidation(): void {
  loadResolvers().catch(() => undefined);
}

/** A react-hook-form resolver for one account form that validates with yup once its code has been fetched. */
export function lazyResolver<T extends FieldValues>(form: keyof Resolvers): Resolver<T> {
  return async (values, context, options) => {
    const resolver = (await loadResolvers())[form] as unknown as Resolver<T>;
    return resolver(values, context, options);
  };
}
