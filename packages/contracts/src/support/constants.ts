/** The support chat's limits (DESIGN §13). Zod-free, so the back office and the app can import them whole. */

/** The longest message, in characters (UTF-16 code units, as JavaScript counts them). */
export const SUPPORT_TEXT_MAX = 2000;
/** Messages a trader may send per minute (counted in the database, so the limit holds across nodes). */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
