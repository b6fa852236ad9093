import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A detail panel's label/value pairs (labels already translated); empty values show as '—'. */
export function FieldList({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0, fontSize: 14 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
