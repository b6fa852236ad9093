import { useEffect, useState } from 'react';

/**
 * Whether the signed-in user is listed: starts from the profile's `rank_opt_in` (the server's record, off by default)
 * and follows the switch once the server has saved a change.
 */
export function useRememberedOptIn(saved: 0 | 1 | undefined): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(saved === 1);
  useEffect(() => setOn(saved === 1), [saved]);
  return [on, setOn];
}
