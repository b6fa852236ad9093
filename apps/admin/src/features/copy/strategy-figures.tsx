import { API } from '@tradepad/contracts/api-paths';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiGet } from '../../providers/http.ts';
import { usePoll } from '../../ui/poll.ts';
import { exactUsd } from './copy-view.ts';

/** The figures change with the provider's closes and the fees job: read again every half minute while shown. */
const REFRESH_MS = 30_000;

/**
 * A strategy's figures as traders see them on its page (DESIGN §18: from the engine's own records, after fees): its
 * equity (the provider's and the copy accounts'), the 3-week and total return, the 3-week win rate, the trades and
 * the largest drawdown. The console's strategy list does not carry them, so the strategy's public page is read.
 */
export function StrategyFigures({ strategyId }: { strategyId: number }) {
  const translate = useTranslate();
  const page = usePoll(
    (signal) => apiGet(API.copyStrategy, undefined, { id: strategyId, signal }),
    REFRESH_MS,
    `copy-figures-${strategyId}`,
  );
  const f = page.data;
  if (!f) return null;
  const figures: Array<[label: string, value: string, sign?: string]> = [
    ['tp.copy.equity', translate('tp.copy.usd', { amount: exactUsd(f.equity) })],
    ['tp.copy.three_week_rate', `${f.three_week_rate}%`, f.three_week_rate],
    ['tp.copy.total_rate', `${f.total_rate}%`, f.total_rate],
    ['tp.copy.three_week_win', `${f.three_week_win}%`],
    ['tp.copy.trades', String(f.total_trade_num)],
    ['tp.copy.max_drawdown', `${f.max_drawdown}%`],
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, px: 2, py: 1.5, mb: 1.5 }}
      data-testid="copy-figures"
    >
      {figures.map(([label, value, sign]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(label)}
          </Typography>
          <Typography
            variant="subtitle1"
            sx={{
              fontVariantNumeric: 'tabular-nums',
              color: sign?.startsWith('-') ? 'error.main' : sign && /[1-9]/.test(sign) ? 'success.main' : undefined,
            }}
          >
            {value}
          </Typography>
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'flex-end', ml: 'auto' }}>
        {translate('tp.copy.figures_note')}
      </Typography>
    </Paper>
  );
}
