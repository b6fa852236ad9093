/**
 * The websocket's zod-free contracts (DESIGN §4): the protocol's constants, the channel table and the messages'
 * types. They live in realtime/; this entry keeps `@tradepad/contracts/realtime` importable by the web app.
 */
export * from './realtime/protocol.ts';
export * from './realtime/channels.ts';
