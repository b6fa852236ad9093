/** The websocket messages' zod schemas; they live in realtime/messages.ts (this path stays importable). */
export * from './realtime/messages.ts';
