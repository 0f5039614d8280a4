// A form's draft kept in session storage: Back, a refresh or a detour to the cart does not empty it. Only
// this tab keeps it (a shared computer's next visitor does not find someone's address), and it goes when
// the form has done its job.
function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft<T extends object>(key: string, fallback: T): T {
  const raw = store()?.getItem(key);
  if (!raw) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return fallback;
    // Only the fields the form knows, with the types it expects: storage is not trusted.
    const out = { ...fallback } as Record<string, unknown>;
    for (const [k, v] of Object.entries(fallback)) {
      const stored = (parsed as Record<string, unknown>)[k];
      if (typeof stored === typeof v) out[k] = stored;
    }
    return out as T;
  } catch {
    return fallback;
  }
}

export function writeDraft(key: string, value: object): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form still works, it just is not kept.
  }
}

export function forgetDraft(key: string): void {
  store()?.removeItem(key);
}
