// Shared pieces, then one block per subject (its constants, parameters and answers), then the tables gathering them.
export * from './languages.ts';
export * from './envelope.ts';
export * from './params.ts';
export * from './idempotency.ts';
export * from './accounts/params.ts'; // with accounts/constants.ts
export * from './accounts/answers.ts';
export * from './trading/constants.ts';
export * from './trading/params.ts';
export * from './trading/answers.ts';
export * from './trading/statement.ts';
export * from './market/constants.ts';
export * from './market/params.ts';
export * from './market/answers.ts';
export * from './wallet/constants.ts';
export * from './wallet/params.ts';
export * from './wallet/answers.ts';
export * from './wallet/config.ts';
export * from './content/constants.ts';
export * from './content/params.ts';
export * from './content/answers.ts';
export * from './staff/constants.ts';
export * from './staff/params.ts';
export * from './staff/answers.ts';
export * from './staff/review.ts';
export * from './staff/outbox.ts';
export * from './staff/content.ts';
export * from './staff/users.ts';
export * from './staff/changes.ts';
export * from './staff/ops.ts';
export * from './desk/schemas.ts';
export * from './hedging/schemas.ts';
export * from './liquidity/schemas.ts';
export * from './twofactor/schemas.ts';
export * from './support/schemas.ts';
export * from './alerts/schemas.ts';
export * from './notices/schemas.ts';
export * from './account-types/schemas.ts';
export * from './charts/schemas.ts';
export * from './copy/schemas.ts'; // with copy/constants.ts
export * from './settings/calls.ts'; // the table itself: @tradepad/contracts/settings/table
export { SESSION_ABSOLUTE_RANGE, SESSION_IDLE_RANGE } from './settings/values.ts';
export * from './realtime/protocol.ts';
export * from './realtime/channels.ts';
export * from './realtime/messages.ts';
export * from './api-paths.ts';
export * from './calls.ts';
