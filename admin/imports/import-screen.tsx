// #/import: a Shopify product CSV imported in three steps. Choose the file: the server previews it (nothing is
// written) and the table says, product by product, what will be created, updated, left unchanged or refused, and
// why. Confirm: the import runs as a job on the server; its id goes into the address (#/import?job=…), so the
// progress bar and then the report survive a reload of the page.
import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Link, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type {
  ImportAction,
  ImportCounts,
  ImportJob,
  ImportLine,
  ImportPreview,
} from '@/lib/contract/imports';
import { previewImport, readImport, startImport } from '../api/imports';

/** Rows the table shows at once (a file may hold 10,000 products; the filter finds the rest). */
const shownAtMost = 200;
/** How often a running job is read again. */
const pollMs = 1000;

// The theme's own colours (admin/theme.ts), whose text contrast axe checks in both schemes.
const actionColour: Record<ImportAction, 'primary' | 'secondary' | 'default' | 'error'> = {
  create: 'primary',
  update: 'secondary',
  unchanged: 'default',
  refuse: 'error',
};
const actions: ImportAction[] = ['create', 'update', 'unchanged', 'refuse'];

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The counts, as what will be done (a preview) or what was done (a job's report). */
function Counts({ counts, done = false }: { counts: ImportCounts; done?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap' }}>
      {actions.map((a) => (
        <Chip
          key={a}
          color={actionColour[a]}
          variant={a === 'unchanged' ? 'outlined' : 'filled'}
          label={`${translate(`freshcart.import.${done ? 'done' : 'count'}_${a}`)}: ${counts[a]}`}
        />
      ))}
    </Stack>
  );
}

function Lines({ lines }: { lines: ImportLine[] }) {
  const translate = useTranslate();
  const filterId = useId();
  const [shown, setShown] = useState<ImportAction | 'all'>(
    lines.some((l) => l.action === 'refuse') ? 'refuse' : 'all',
  );
  const picked = shown === 'all' ? lines : lines.filter((l) => l.action === shown);
  return (
    <Box>
      <TextField
        id={filterId}
        select
        size="small"
        label={translate('freshcart.import.show')}
        value={shown}
        onChange={(e) => setShown(e.target.value as ImportAction | 'all')}
        sx={{ minWidth: 200, my: 1 }}
      >
        <MenuItem value="all">{translate('freshcart.import.show_all')}</MenuItem>
        {actions.map((a) => (
          <MenuItem key={a} value={a}>
            {translate(`freshcart.import.action_${a}`)}
          </MenuItem>
        ))}
      </TextField>
      {picked.length > shownAtMost && (
        <Typography variant="body2" color="text.secondary">
          {translate('freshcart.import.shown', { shown: shownAtMost, total: picked.length })}
        </Typography>
      )}
      <TableContainer>
        <Table size="small" aria-label={translate('freshcart.import.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('freshcart.import.row')}</TableCell>
              <TableCell>{translate('freshcart.import.product')}</TableCell>
              <TableCell>{translate('freshcart.import.result')}</TableCell>
              <TableCell>{translate('freshcart.import.why')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {picked.slice(0, shownAtMost).map((line) => (
              <TableRow key={`${line.row}-${line.handle}`}>
                <TableCell>{line.row}</TableCell>
                <TableCell>
                  <Typography variant="body2">{line.title || '—'}</Typography>
                  <Typography variant="caption" color="text.secondary" dir="ltr">
                    {line.handle}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={actionColour[line.action]}
                    label={translate(`freshcart.import.action_${line.action}`)}
                  />
                </TableCell>
                <TableCell>
                  {[
                    ...line.reasons,
                    ...(line.changes.length
                      ? [translate('freshcart.import.changes', { fields: line.changes.join(', ') })]
                      : []),
                    ...line.notes,
                  ].map((text) => (
                    // The server's words are English (docs/decisions/0005): laid out as English in Arabic too.
                    <Typography
                      key={text}
                      dir="auto"
                      variant="body2"
                      color={line.action === 'refuse' ? 'error' : undefined}
                    >
                      {text}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function Progress({ job }: { job: ImportJob }) {
  const translate = useTranslate();
  const percent = job.total === 0 ? 100 : Math.round((job.processed / job.total) * 100);
  const text = translate('freshcart.import.progress_text', { processed: job.processed, total: job.total });
  return (
    <Box sx={{ my: 2 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={translate('freshcart.import.progress_label')}
        aria-valuetext={text}
      />
      <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
        {text}
      </Typography>
    </Box>
  );
}

/** The job: read again every second while it runs; its id is in the address, so a reload finds it. */
function JobView({ id, onAgain }: { id: string; onAgain: () => void }) {
  const translate = useTranslate();
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const next = await readImport(id, controller.signal);
        setJob(next);
        if (next.status === 'running') timer = setTimeout(read, pollMs);
      } catch (err) {
        if (!controller.signal.aborted) setError(translate(errorText(err), { _: errorText(err) }));
      }
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, translate]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!job) return <LinearProgress aria-label={translate('freshcart.import.loading')} />;
  return (
    <Box>
      <Typography component="h2" variant="h6">
        {translate(`freshcart.import.status_${job.status}`)}
        {job.fileName ? ` · ${job.fileName}` : ''}
      </Typography>
      <Progress job={job} />
      <Counts counts={job.counts} done />
      <Typography variant="body2" color="text.secondary">
        {translate('freshcart.import.pictures', job.pictures)}
      </Typography>
      {job.error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {job.error}
        </Alert>
      )}
      {job.status !== 'running' && (
        <>
          <Stack direction="row" spacing={2} sx={{ my: 2 }}>
            <Button variant="contained" component={Link} to="/products">
              {translate('freshcart.import.see_products')}
            </Button>
            <Button onClick={onAgain}>{translate('freshcart.import.another')}</Button>
          </Stack>
          <Lines lines={job.report} />
        </>
      )}
    </Box>
  );
}

export function ImportScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    setParams({});
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setError(null);
    setBusy(true);
    try {
      setPreview(await previewImport(chosen));
    } catch (err) {
      setError(translate(errorText(err), { _: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const job = await startImport(file);
      setParams({ job: job._id });
    } catch (err) {
      setError(translate(errorText(err), { _: errorText(err) }));
    } finally {
      setBusy(false);
    }
  };

  const toWrite = preview ? preview.counts.create + preview.counts.update : 0;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="freshcart.import.title" />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('freshcart.import.title')}
        </Typography>
        {jobId ? (
          <JobView id={jobId} onAgain={reset} />
        ) : (
          <>
            <Typography color="text.secondary" gutterBottom>
              {translate('freshcart.import.intro')}
            </Typography>
            <Button
              variant="outlined"
              component="label"
              htmlFor={inputId}
              startIcon={<UploadIcon />}
              disabled={busy}
            >
              {translate('freshcart.import.choose')}
              <input
                id={inputId}
                hidden
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => void choose(e)}
                aria-describedby={`${inputId}-hint`}
              />
            </Button>
            <Typography id={`${inputId}-hint`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {file ? file.name : translate('freshcart.import.hint')}
            </Typography>
            {busy && <LinearProgress sx={{ my: 2 }} aria-label={translate('freshcart.import.loading')} />}
            {error && (
              <Alert severity="error" sx={{ my: 2 }}>
                {error}
              </Alert>
            )}
            {preview && (
              <Box sx={{ mt: 2 }}>
                <Typography component="h2" variant="h6">
                  {translate('freshcart.import.preview')}
                </Typography>
                <Typography variant="body2">
                  {translate(
                    `freshcart.import.header_${preview.headerSet === 'shopify' ? 'current' : 'legacy'}`,
                  )}
                  {' · '}
                  {translate('freshcart.import.summary', { rows: preview.rows, products: preview.products })}
                </Typography>
                <Counts counts={preview.counts} />
                <Stack direction="row" spacing={2} sx={{ my: 1 }}>
                  <Button variant="contained" onClick={() => void confirm()} disabled={busy || toWrite === 0}>
                    {translate('freshcart.import.confirm', { smart_count: toWrite })}
                  </Button>
                  <Button onClick={reset}>{translate('freshcart.import.another')}</Button>
                </Stack>
                <Lines lines={preview.lines} />
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
