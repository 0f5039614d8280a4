import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** One part of the order page: a region named by its heading, for screen readers' landmarks and headings lists. */
export function OrderSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}
