/** The in-app path to return to after login: `from` when it is a local path (never another site), else `/`. */
export function redirectTarget(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/register') || from.startsWith('/forgot')) {
    return '/';
  }
  return from;
}
