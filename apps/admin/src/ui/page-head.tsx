import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A page's heading (the page's one h1; the app bar only names the console) and what the page is for. */
export function PageHead({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <Typography variant="h5" component="h1">
        {translate(title)}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '80ch', mt: 0.5 }}>
          {translate(intro)}
        </Typography>
      )}
      {children}
    </Box>
  );
}
