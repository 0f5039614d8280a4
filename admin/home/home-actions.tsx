// The draft's status and what can be done with it besides saving: preview it in the storefront (as of a chosen
// moment, so a scheduled slide's day can be seen), and publish it.
import PreviewIcon from '@mui/icons-material/Visibility';
import PublishIcon from '@mui/icons-material/Publish';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { Confirm, useLocale, useTranslate } from 'react-admin';
import { intlLocales } from '@/lib/i18n/language';
import type { HomeDraft, HomePreview } from '../api/home';
import { isoOf, previewPath, type HomeValues } from './home-values';
import type { HomeDraftState } from './use-home-draft';

function useDateFormat() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(intlLocales[locale === 'ar' ? 'ar' : 'en'], {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** "Draft version 5 · published version 4 (unpublished changes) · Published 1 Mar 2030, 09:00". */
export function StatusLine({ draft }: { draft: HomeDraft }) {
  const translate = useTranslate();
  const date = useDateFormat();
  const { version, published } = draft;
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {version === published.version
        ? translate('freshcart.home.all_published')
        : translate('freshcart.home.status', { draft: version, published: published.version })}
      {' · '}
      {translate('freshcart.home.published_on', { date: date(published.updatedAt) })}
    </Typography>
  );
}

/** Saves what is typed first, if anything is; true when the draft on the server is what the form shows. */
function useSaveFirst(home: HomeDraftState) {
  const { handleSubmit, setError } = useFormContext<HomeValues>();
  const { isDirty } = useFormState();
  return async () => {
    if (!isDirty) return true;
    let ok = false;
    await handleSubmit(async (values) => {
      const outcome = await home.save(values);
      ok = outcome.ok;
      for (const [field, message] of Object.entries(outcome.errors ?? {}))
        setError(field as keyof HomeValues, { type: 'server', message });
    })();
    return ok;
  };
}

function PreviewLink({ link }: { link: HomePreview }) {
  const translate = useTranslate();
  const date = useDateFormat();
  const address = new URL(previewPath(link.token), window.location.origin).href;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(address);
    setCopied(true);
  };
  return (
    <Alert severity="info" sx={{ mt: 1, minWidth: 0, '& .MuiAlert-message': { minWidth: 0 } }}>
      <Typography variant="body2">
        {translate('freshcart.home.preview_link', { date: date(link.expiresAt) })}
      </Typography>
      <Link
        href={address}
        target="_blank"
        rel="noopener"
        dir="ltr"
        sx={{ display: 'block', overflowWrap: 'anywhere', my: 0.5 }}
      >
        {address}
      </Link>
      <Button size="small" onClick={() => void copy()} aria-live="polite">
        {translate(copied ? 'freshcart.home.copied' : 'freshcart.home.copy')}
      </Button>
    </Alert>
  );
}

export function PreviewControls({ home }: { home: HomeDraftState }) {
  const translate = useTranslate();
  const id = useId();
  const saveFirst = useSaveFirst(home);
  const [at, setAt] = useState('');
  const [link, setLink] = useState<HomePreview | null>(null);
  const open = async () => {
    if (!(await saveFirst())) return;
    const made = await home.preview(isoOf(at));
    if (!made) return;
    setLink(made);
    window.open(previewPath(made.token), '_blank', 'noopener');
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          id={id}
          type="datetime-local"
          size="small"
          label={translate('freshcart.home.preview_at')}
          helperText={translate('freshcart.home.preview_at_hint')}
          value={at}
          onChange={(event) => setAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outlined"
          startIcon={<PreviewIcon />}
          disabled={home.busy}
          onClick={() => void open()}
          sx={{ mt: 0.5 }}
        >
          {translate('freshcart.home.preview')}
        </Button>
      </Stack>
      {link ? <PreviewLink link={link} /> : null}
    </Box>
  );
}

/** Publish asks first; what is typed but not saved must be saved first (Publish shows shoppers the saved draft). */
export function PublishButton({ home }: { home: HomeDraftState }) {
  const translate = useTranslate();
  const hintId = useId();
  const { isDirty } = useFormState();
  const [asking, setAsking] = useState(false);
  const draft = home.draft;
  if (!draft) return null;
  const nothingNew = draft.version === draft.published.version;
  return (
    <Box>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<PublishIcon />}
        disabled={home.busy || isDirty || nothingNew}
        aria-describedby={hintId}
        onClick={() => setAsking(true)}
      >
        {translate('freshcart.home.publish')}
      </Button>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate(
          isDirty
            ? 'freshcart.home.save_first'
            : nothingNew
              ? 'freshcart.home.nothing_new'
              : 'freshcart.home.publish_hint',
        )}
      </Typography>
      <Confirm
        isOpen={asking}
        loading={home.busy}
        title="freshcart.home.publish_title"
        titleTranslateOptions={{ version: draft.version }}
        content="freshcart.home.publish_content"
        confirm="freshcart.home.publish"
        onConfirm={() => {
          setAsking(false);
          void home.publish();
        }}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
