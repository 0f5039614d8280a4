import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A write to the API as a hook: `trigger(arg)` runs the call, then `refresh` (what the write changed: SWR keys,
 * the cart), and resolves with the call's answer or rejects with its ApiError. `isMutating` is true meanwhile.
 * Each resource's hooks (lib/api/<resource>.ts) are built on it, so a screen never calls a fetcher itself.
 */
export function useMutation<Arg, Result>(
  call: (arg: Arg) => Promise<Result>,
  refresh?: (result: Result, arg: Arg) => Promise<unknown> | void,
) {
  const [isMutating, setMutating] = useState(false);
  const latest = useRef({ call, refresh });
  latest.current = { call, refresh };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const trigger = useCallback(async (arg: Arg): Promise<Result> => {
    setMutating(true);
    try {
      const result = await latest.current.call(arg);
      await latest.current.refresh?.(result, arg);
      return result;
    } finally {
      if (mounted.current) setMutating(false);
    }
  }, []);

  return { trigger, isMutating };
}
