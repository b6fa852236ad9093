import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { Alert, AlertTitle, Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link, Loading, useTranslate } from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { apiGet } from '../../providers/http.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { PageHead } from '../../ui/page-head.tsx';
import { money, signColor, usePoll } from '../../ui/poll.ts';
import { figureLink, type FigureKey } from './dashboard-links.ts';

/** The home page's figures are read again every 15 s (the ledger check behind them is cached on the server). */
const REFRESH_MS = 15_000;

const load = (signal: AbortSignal) => apiGet(ADMIN_API.dashboard, undefined, { signal });

interface Figure {
  label: string;
  value: string;
  /** The console's list behind the figure, when the role may open it. */
  to?: string | undefined;
  color?: string;
  hint?: string;
}

/**
 * The console's home page (issue 18 point 2): today's money, sign-ups, traders online, the review queues and the
 * ledger check, each figure a link to its list when the role may open it. Money is shown to finance and super admins
 * only (the server leaves it out for other roles).
 */
export function DashboardPage() {
  const translate = useTranslate();
  const locale = useTimeLocale();
  const { may, isPending } = useAccess();
  const board = usePoll(load, REFRESH_MS, 'dashboard');
  if (isPending) return <Loading />;
  const d = board.data;
  const link = (figure: FigureKey) => figureLink(may, figure);

  const figures: Figure[] = [];
  if (d) {
    if (d.deposits !== null)
      figures.push({ label: 'tp.dashboard.deposits', value: money(d.deposits, locale), to: link('deposits') });
    if (d.withdrawals !== null)
      figures.push({
        label: 'tp.dashboard.withdrawals',
        value: money(d.withdrawals, locale),
        to: link('withdrawals'),
      });
    if (d.fees !== null) figures.push({ label: 'tp.dashboard.fees', value: money(d.fees, locale), to: link('fees') });
    if (d.house_pnl !== null)
      figures.push({
        label: 'tp.dashboard.house_pnl',
        value: money(d.house_pnl, locale),
        color: signColor(d.house_pnl),
        to: link('house_pnl'),
      });
    figures.push(
      { label: 'tp.dashboard.signups', value: String(d.signups), to: link('signups') },
      { label: 'tp.dashboard.online', value: String(d.traders_online), to: link('online') },
      {
        label: 'tp.dashboard.queue_deposits',
        value: String(d.queues.deposits),
        to: link('queue_deposits'),
        color: d.queues.deposits > 0 ? 'warning.dark' : undefined,
      },
      {
        label: 'tp.dashboard.queue_withdrawals',
        value: String(d.queues.withdrawals),
        to: link('queue_withdrawals'),
        color: d.queues.withdrawals > 0 ? 'warning.dark' : undefined,
      },
      {
        label: 'tp.dashboard.queue_kyc',
        value: String(d.queues.kyc),
        to: link('queue_kyc'),
        color: d.queues.kyc > 0 ? 'warning.dark' : undefined,
      },
      {
        label: 'tp.dashboard.ledger',
        value: translate(d.ledger.sound ? 'tp.dashboard.ledger_sound' : 'tp.dashboard.ledger_problems', {
          n: d.ledger.problems,
          smart_count: d.ledger.problems,
        }),
        color: d.ledger.sound ? 'success.main' : 'error.main',
        hint: translate('tp.dashboard.checked_at', { time: new Date(d.ledger.checked_at).toLocaleTimeString(locale) }),
        to: link('ledger'),
      },
    );
  }

  return (
    <>
      <PageHead title="tp.dashboard.title" intro="tp.dashboard.intro" />
      {board.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {board.error}
        </Alert>
      )}
      {d && d.alerts.length > 0 && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          role="alert"
          action={
            may('risk') ? (
              <Link to="/risk" sx={{ whiteSpace: 'nowrap', alignSelf: 'center', mr: 1 }}>
                {translate('tp.dashboard.open_risk')}
              </Link>
            ) : undefined
          }
        >
          <AlertTitle>{translate('tp.risk.alerts_title')}</AlertTitle>
          {d.alerts.map((a) => (
            <div key={a.symbol}>{translate('tp.risk.alert', { symbol: a.symbol, net: a.net_lots, limit: a.limit_lots })}</div>
          ))}
        </Alert>
      )}
      {!d && !board.error && <Loading />}
      {d && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate('tp.dashboard.today', { date: new Date(d.day_start).toLocaleDateString(locale, { timeZone: 'UTC' }) })}
        </Typography>
      )}
      <Box
        data-testid="dashboard-figures"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {figures.map((f) => (
          <FigureCard key={f.label} figure={f} />
        ))}
      </Box>
    </>
  );
}

function FigureCard({ figure: f }: { figure: Figure }) {
  const translate = useTranslate();
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {translate(f.label)}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums', color: f.color ?? 'text.primary', fontWeight: 600 }}
      >
        {f.value}
      </Typography>
      {f.hint && (
        <Typography variant="caption" color="text.secondary">
          {f.hint}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      {f.to ? (
        <CardActionArea component={Link} to={f.to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
