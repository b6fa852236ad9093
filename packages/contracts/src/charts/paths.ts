/** The charts subject's REST paths, relative to the API origin (gathered into `API` in api-paths.ts). */

export const CHART_PATHS = {
  /** A trader's indicators and drawings on one instrument (DESIGN §17): `GET ?forex_id=` reads, `POST` replaces. */
  chartLayout: '/v1/api/chart/layout',
} as const;
