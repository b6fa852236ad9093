import { API, EMPTY_CHART_LAYOUT, chartLayoutSchema, type ChartLayout, type ChartLayoutAnswer } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { ModuleContext } from '../context.ts';
import type { MarketService } from '../market/market.service.ts';
import { ChartsRepository } from './charts.repository.ts';

/**
 * Chart layouts (issue 33 point 4, DESIGN §17): the trader's indicators and drawings per instrument, the same on
 * every device. The contract validates a layout (its schema, 64 KB) before it gets here; a stored layout that no
 * longer reads as one (a later version's) is answered as empty rather than failing the chart.
 */
export function registerCharts(ctx: ModuleContext, deps: { market: Pick<MarketService, 'instrumentById'> }) {
  const repo = new ChartsRepository(ctx.db);
  const known = (forexId: number) => {
    if (!deps.market.instrumentById(forexId)) throw refuse('err.instrument_unknown');
  };
  const read = async (userId: number, forexId: number): Promise<ChartLayoutAnswer> => {
    const row = await repo.layout(userId, forexId);
    let layout: ChartLayout = EMPTY_CHART_LAYOUT;
    if (row) {
      const parsed = chartLayoutSchema.safeParse(JSON.parse(row.json));
      if (parsed.success) layout = parsed.data;
    }
    return { forex_id: forexId, layout, updated_at: row?.updatedAt ?? 0 };
  };
  ctx.router.get(API.chartLayout, async ({ user, params }) => {
    known(params.forex_id);
    return read(user.user.id, params.forex_id);
  });
  ctx.router.post(API.chartLayout, async ({ user, params }) => {
    known(params.forex_id);
    const now = ctx.clock.now();
    await repo.save(user.user.id, params.forex_id, JSON.stringify(params.layout), now);
    return { forex_id: params.forex_id, layout: params.layout, updated_at: now };
  });
}
