/** Websocket protocol of DESIGN §4. Client text `ping` is answered with text `pong`; all else is JSON. */
export const WS_PATH = '/v1/ws';
export const WS_PING_INTERVAL_MS = 5000;
export const WS_CONNECT_TIMEOUT_MS = 5000;
/** The client reconnects after more than this many unanswered pings. */
export const WS_MAX_MISSED_PONGS = 2;

/** What the server sends a socket whose session ended (DESIGN §10): its private channels stop. */
export const WS_SESSION_REVOKED = 'session_revoked';

/** The `type`s of the server's answers to client messages (`error`: to one it cannot read). */
export const RESULT_TYPES = ['login_result', 'logout_result', 'sub_result', 'unsub_result', 'error'] as const;
