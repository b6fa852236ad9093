import { SECTIONS, SECTION_NAMES, sectionOf, type Section } from './sections.ts';

export type { Section } from './sections.ts';

/** Whether `role` may read (list, show) or act (create, edit, approve, …) in a section or resource. */
export function mayUse(role: string | undefined, resourceOrSection: string, action: 'read' | 'act' = 'read'): boolean {
  const section = sectionOf(resourceOrSection);
  if (!role || !section) return false;
  const def = SECTIONS[section];
  if (def.resources?.[resourceOrSection]?.actOnly) action = 'act';
  return (def[action] as readonly string[]).includes(role);
}

/** react-admin's actions read as 'read' or 'act'. */
export const actionKind = (action: string): 'read' | 'act' => (action === 'list' || action === 'show' ? 'read' : 'act');

/** The sections a role sees in the navigation, in order. */
export const sectionsFor = (role: string | undefined): Section[] => SECTION_NAMES.filter((s) => mayUse(role, s));
