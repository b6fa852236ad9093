import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A value staff paste elsewhere (an address, an account number), shown monospaced with a copy button. */
export function CopyText({ text }: { text: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  if (!text) return <>—</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {text}
      </Box>
      <Button
        size="small"
        sx={{ minWidth: 0, py: 0 }}
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {translate(copied ? 'tp.common.copied' : 'tp.common.copy')}
      </Button>
    </Box>
  );
}
