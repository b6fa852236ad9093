import { createContext, useContext } from 'react';
import { usePermissions } from 'react-admin';
import type { AccessName } from '../sections.ts';

/** Whether `role` may read (list, show) or act (create, edit, approve, …) in a section or resource. */
export type AccessRule = (role: string | undefined, name: string, action: 'read' | 'act') => boolean;

/**
 * The console's access rule (access.ts `mayUse`), handed to the pages by App.tsx rather than imported: the rule reads
 * the sections' table, which imports the pages. Without a provider nothing is allowed.
 */
const AccessContext = createContext<AccessRule>(() => false);

export const AccessProvider = AccessContext.Provider;

/** The signed-in staff member's access: see `useAccess`. */
export interface Access {
  /** Whether the role may read (the default) or act in a section or resource. */
  may: (name: AccessName, action?: 'read' | 'act') => boolean;
  /** The role (react-admin's permissions), undefined while it is read and until TOTP is enrolled. */
  role: string | undefined;
  /** Whether the role is still being read: every `may` answers no until then. */
  isPending: boolean;
}

/** What the signed-in role may do, by the console's access rule. */
export function useAccess(): Access {
  const rule = useContext(AccessContext);
  const { permissions: role, isPending } = usePermissions<string>();
  return { may: (name, action = 'read') => rule(role, name, action), role, isPending };
}
