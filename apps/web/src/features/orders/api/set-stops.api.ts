/** The stop-loss/take-profit call lives in shared/api (the chart's draggable lines use it too). */
export { setStops, useSetStops, type StopsChange } from '../../../shared/api/order-levels.api.ts';
