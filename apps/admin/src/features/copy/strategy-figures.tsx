import type { AdminStrategy } from '@tradepad/contracts/copy/schemas';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useTranslate } from 'react-admin';
import { useTimeLocale } from '../../ui/cells.tsx';
import { formatTime, timeParts } from '../../ui/format.ts';
import { signColor } from '../../ui/poll.ts';
import { exactUsd, signedPercent } from './copy-view.ts';

/**
 * The rest of a strategy's row, above its followers: what the table leaves out to stay readable at 1280 px. Its
 * figures after fees as traders see them (DESIGN §18: 3-week win rate and profit, trades), the money its followers put
 * in, its fee terms and minimum, and the fees charged so far (a link to them). The row is the list's, read every ten
 * seconds; the figures themselves are computed at most every five minutes, so their time is shown.
 */
export function StrategyFigures({ strategy: s }: { strategy: AdminStrategy }) {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const usd = (text: string) => translate('tp.copy.usd', { amount: exactUsd(text) });
  const figures: Array<[label: string, value: ReactNode, signed?: string]> = [
    ['tp.copy.three_week_win', `${s.three_week_win}%`],
    ['tp.copy.trades', String(s.total_trade_num)],
    ['tp.copy.three_week_profit', usd(s.three_week_profit), s.three_week_profit],
    ['tp.copy.invested', usd(s.invested)],
    [
      'tp.copy.fee_terms',
      translate('tp.copy.fee_terms_value', {
        performance: s.performance_fee_percent,
        management: s.management_fee_percent,
      }),
    ],
    ['tp.copy.min_investment', usd(s.min_investment)],
    ['tp.copy.opened', timeParts(s.created_at, locale)?.[0] ?? '—'],
    [
      'tp.copy.fees_earned',
      <Link key="fees" to={`/copy/fees?strategy_id=${s.id}`} title={translate('tp.copy.show_fees')}>
        {usd(s.fees_earned)}
      </Link>,
    ],
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, px: 2, py: 1.5, mb: 1.5 }}
      data-testid="copy-figures"
    >
      {figures.map(([label, value, signed]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(label)}
          </Typography>
          <Typography
            variant="subtitle1"
            sx={{ fontVariantNumeric: 'tabular-nums', color: signed === undefined ? undefined : signColor(signed) }}
          >
            {value}
          </Typography>
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'flex-end', ml: 'auto' }}>
        {translate('tp.copy.figures_note', { time: formatTime(s.figures_at, locale) })}
      </Typography>
    </Paper>
  );
}

/** A return as the table shows it: signed, in the loss colour when negative. */
export function ReturnText({ text, testId }: { text: string; testId?: string }) {
  return (
    <Box component="span" sx={{ color: signColor(text) }} data-testid={testId}>
      {signedPercent(text)}
    </Box>
  );
}
