// The draft's state and its calls: read once (and again on Reload), saved with the version it was read at, published
// by that version. A refusal is told in a notification and leaves what was typed in the form: a 400 also marks its
// field, a 409 (someone else saved meanwhile) keeps a notice with Reload until the draft is read again.
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  previewHome,
  publishHome,
  readHomeDraft,
  saveHomeDraft,
  type HomeDraft,
  type HomePreview,
} from '../api/home';
import type { ErrorBody } from '../api/client';
import { contentOf, fieldOfParam, valuesOf, type HomeValues } from './home-values';

export interface SaveOutcome {
  ok: boolean;
  /** Form field → the server's message, for a 400. */
  errors?: Record<string, string>;
}

function statusOf(err: unknown): number | undefined {
  return (err as { status?: number } | null)?.status;
}

function fieldErrorsOf(err: unknown): Record<string, string> | undefined {
  const errors = (err as { body?: ErrorBody } | null)?.body?.errors;
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([param, msg]) => [fieldOfParam(param), msg]));
}

export function useHomeDraft() {
  const notify = useNotify();
  const translate = useTranslate();
  const [draft, setDraft] = useState<HomeDraft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [busy, setBusy] = useState(false);

  /** The server's words (English, docs/decisions/0005), or our own message for a key such as the network's. */
  const say = (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    return translate(message, { _: message });
  };

  useEffect(() => {
    const controller = new AbortController();
    readHomeDraft(controller.signal).then(
      (read) => {
        setDraft(read);
        setConflict(null);
        setLoadError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setLoadError(say(err));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again on Reload only
  }, [reads]);

  /** The form's record: made anew only when a draft is read or saved, so a refusal keeps what was typed. */
  const record = useMemo(() => (draft ? valuesOf(draft.content) : undefined), [draft]);

  const refused = (err: unknown) => {
    const message = say(err);
    if (statusOf(err) === 409) setConflict(message);
    notify(message, { type: 'error' });
  };

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await call();
    } catch (err) {
      refused(err);
      throw err;
    } finally {
      setBusy(false);
    }
  }

  async function save(values: HomeValues): Promise<SaveOutcome> {
    if (!draft) return { ok: false };
    try {
      const saved = await run(() => saveHomeDraft(draft.version, contentOf(values)));
      if (saved) setDraft(saved);
      notify('freshcart.home.saved', { type: 'success' });
      return { ok: true };
    } catch (err) {
      return { ok: false, errors: statusOf(err) === 400 ? fieldErrorsOf(err) : undefined };
    }
  }

  async function publish(): Promise<void> {
    if (!draft) return;
    try {
      const live = await run(() => publishHome(draft.version));
      if (live) setDraft({ ...draft, published: { version: live.version, updatedAt: live.updatedAt } });
      notify('freshcart.home.published', { type: 'success' });
    } catch {
      // Told by run().
    }
  }

  async function preview(at: string | null): Promise<HomePreview | undefined> {
    try {
      return await run(() => previewHome(at ?? undefined));
    } catch {
      return undefined;
    }
  }

  const reload = () => setReads((n) => n + 1);

  // `reads` keys the form: a draft read again replaces what was typed, even where it equals what was read before.
  return { draft, record, reads, loadError, conflict, busy, save, publish, preview, reload };
}

export type HomeDraftState = ReturnType<typeof useHomeDraft>;
