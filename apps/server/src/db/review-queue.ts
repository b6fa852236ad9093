import type { ExpressionBuilder } from 'kysely';
import type { Database, UsersTable } from './schema.ts';
import type { PageRequest } from './paging.ts';

/** Filters of a back-office review queue (deposits, withdrawals, real-name applications). */
export interface QueueFilter extends PageRequest {
  status?: number;
  userId?: number;
}

/** A row of a review queue with the user's account name (email or mobile) beside it. */
export type WithUser<T> = T & { user_account: string };

/** The user's email, else their phone, else their uid: how staff tell users apart. Joined as `u`. */
export const accountName = (eb: ExpressionBuilder<Database & { u: UsersTable }, 'u'>) =>
  eb.fn.coalesce('u.email', 'u.phone', 'u.uid').as('user_account');
