import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A private image (deposit proof, ID card side) as a thumbnail that opens full size in a dialog. The links are signed
 * and expire after a few minutes, so a failed load says to reload rather than showing a broken image.
 */
export function ImageThumb({ src, label }: { src: string; label: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);

  const frame = {
    width: 168,
    height: 120,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    bgcolor: 'action.hover',
    color: 'text.secondary',
    fontSize: 12,
    textAlign: 'center',
    p: failed || !src ? 1 : 0,
  } as const;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {!src ? (
        <Box sx={frame}>{translate('tp.common.no_image')}</Box>
      ) : failed ? (
        <Box sx={frame} role="note">
          {translate('tp.common.image_failed')}
        </Box>
      ) : (
        <Box
          component="button"
          type="button"
          onClick={() => setOpen(true)}
          aria-label={translate('tp.common.enlarge', { label })}
          sx={{ ...frame, cursor: 'zoom-in', p: 0 }}
        >
          <img
            src={src}
            alt={label}
            onError={() => setFailed(true)}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </Box>
      )}
      <Box component="figcaption" sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }}>
        {label}
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-label={label}>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <img src={src} alt={label} style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} />
        </DialogContent>
        <DialogActions>
          <Link href={src} target="_blank" rel="noreferrer" sx={{ mr: 'auto', ml: 2 }}>
            {translate('tp.common.open_tab')}
          </Link>
          <Button onClick={() => setOpen(false)} autoFocus>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
