// Pictures from the staff member's own device: chosen (or dropped) files are uploaded at once to POST /pictures,
// which checks, re-encodes and stores them; the record keeps their addresses. A product has a cover and an
// ordered gallery; a category or brand has one picture.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Button, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { required, useInput, useNotify, useTranslate } from 'react-admin';
import { pictureLimits, pictureTypes } from '@/lib/contract/images';
import { uploadPicture, thumbnail } from './upload';

const maxGallery = 20;
/** Earlier is to the left in English and to the right in Arabic: the arrows turn with the reading direction. */
const flipInRtl = {
  transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none'),
};

/** Uploads the chosen files one after another; each stored address is handed on as it arrives. */
function useUploads(onStored: (image: string) => void) {
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(0);

  async function upload(files: File[]) {
    for (const file of files) {
      if (file.size > pictureLimits.maxBytes) {
        notify(
          translate('freshcart.picture.too_big', {
            name: file.name,
            mb: pictureLimits.maxBytes / 1024 / 1024,
          }),
          {
            type: 'error',
          },
        );
        continue;
      }
      setBusy((n) => n + 1);
      try {
        onStored(await uploadPicture(file));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        notify(translate('freshcart.picture.refused', { name: file.name, message: translate(message) }), {
          type: 'error',
        });
      } finally {
        setBusy((n) => n - 1);
      }
    }
  }
  return { busy: busy > 0, upload };
}

/** A button that opens the file picker (JPEG, PNG or WebP); the files chosen go to `onFiles`. */
function ChooseFiles({
  label,
  multiple,
  busy,
  disabled,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  busy: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <Button
      variant="outlined"
      component="label"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}
      aria-busy={busy}
    >
      {label}
      <input type="file" hidden accept={pictureTypes.join(',')} multiple={multiple} onChange={onChange} />
    </Button>
  );
}

function Picture({ src, alt, size = 120 }: { src: string; alt: string; size?: number }) {
  return (
    <Box
      component="img"
      src={thumbnail(src)}
      alt={alt}
      loading="lazy"
      sx={{
        width: size,
        height: size,
        objectFit: 'contain',
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'block',
      }}
    />
  );
}

function Tile({ children, picture }: { children?: ReactNode; picture: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}
    >
      {picture}
      {children ? <Box sx={{ display: 'flex', gap: 0.25 }}>{children}</Box> : null}
    </Box>
  );
}

/** A category's or brand's one picture, or a product's cover. */
export function SinglePictureInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate: required() });
  const { busy, upload } = useUploads((image) => field.onChange(image));
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      {value ? (
        <Picture src={value} alt={translate(label)} size={160} />
      ) : (
        <Typography color="text.secondary">{translate('freshcart.picture.none')}</Typography>
      )}
      <Box>
        <ChooseFiles
          label={translate(value ? 'freshcart.picture.replace' : 'freshcart.picture.choose')}
          busy={busy}
          onFiles={(files) => void upload(files.slice(0, 1))}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('freshcart.picture.hint', { mb: pictureLimits.maxBytes / 1024 / 1024 })}
        </Typography>
        {fieldState.error ? (
          <Typography variant="body2" color="error" role="alert">
            {translate(fieldState.error.message ?? 'ra.validation.required')}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** A product's gallery: ordered, each picture movable, removable, or made the cover. */
export function GalleryInput() {
  const translate = useTranslate();
  const gallery = useInput({ source: 'images', defaultValue: [] });
  const cover = useInput({ source: 'imageCover' });
  const images: string[] = Array.isArray(gallery.field.value) ? (gallery.field.value as string[]) : [];
  // The latest list, so uploads that finish one after another each add to what the one before left.
  const latest = useRef(images);
  latest.current = images;
  const set = (next: string[]) => {
    latest.current = next;
    gallery.field.onChange(next);
  };
  const { busy, upload } = useUploads((image) => {
    if (!latest.current.includes(image)) set([...latest.current, image].slice(0, maxGallery));
    if (!cover.field.value) cover.field.onChange(image);
  });
  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('freshcart.picture.gallery')}
      </Typography>
      {images.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('freshcart.picture.gallery_empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, mb: 1 }}>
          {images.map((src, i) => {
            const n = { n: i + 1 };
            return (
              <Tile key={src} picture={<Picture src={src} alt={translate('freshcart.picture.number', n)} />}>
                <Tooltip title={translate('freshcart.picture.make_cover')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={translate('freshcart.picture.make_cover_n', n)}
                      aria-pressed={cover.field.value === src}
                      onClick={() => cover.field.onChange(src)}
                    >
                      {cover.field.value === src ? (
                        <StarIcon fontSize="small" />
                      ) : (
                        <StarBorderIcon fontSize="small" />
                      )}
                    </IconButton>
                  </span>
                </Tooltip>
                <IconButton
                  size="small"
                  aria-label={translate('freshcart.picture.earlier_n', n)}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <ArrowBackIcon fontSize="small" sx={flipInRtl} />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('freshcart.picture.later_n', n)}
                  disabled={i === images.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowForwardIcon fontSize="small" sx={flipInRtl} />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('freshcart.picture.remove_n', n)}
                  onClick={() => set(images.filter((_, j) => j !== i))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tile>
            );
          })}
        </Box>
      )}
      <ChooseFiles
        label={translate('freshcart.picture.add')}
        multiple
        busy={busy}
        disabled={images.length >= maxGallery}
        onFiles={(files) => void upload(files.slice(0, maxGallery - images.length))}
      />
    </Box>
  );
}
