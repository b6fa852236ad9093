import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { downloadCsv } from '../providers/http.ts';

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * "Export CSV" (DESIGN §16 "Exports"): every row the list's current filters keep, as the server streams it
 * (`format=csv`), saved as `<name>.csv`. A refusal (a role, a bad filter) is shown as the server words it.
 */
export function ExportButton({ path, name, query }: { path: string; name: string; query: Query }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, query, name);
    } catch (e) {
      notify((e as Error).message || translate('tp.export.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="small" disabled={busy} onClick={() => void run()} data-testid="export-csv">
      {translate(busy ? 'tp.export.busy' : 'tp.export.csv')}
    </Button>
  );
}
