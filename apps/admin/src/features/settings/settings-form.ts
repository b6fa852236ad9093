import {
  SETTING_GROUPS,
  SETTING_KEYS,
  SETTINGS,
  type SettingGroup,
  type SettingKey,
  type SettingRow,
} from '@tradepad/contracts/settings/table';
import type { messagesEn } from '../../i18n/messages.en.ts';

/**
 * A run-time setting on the form: a free field, or one of fixed choices. Its texts are the messages `label`,
 * `<label>_hint` and `<label>_<choice>`.
 */
export interface FormField {
  key: SettingKey;
  label: string;
  choices?: readonly string[] | undefined;
}

/**
 * The run-time settings form, from the settings table: its groups in order (titled `tp.runtime.group_<id>`), each with
 * its settings in the table's order. Settings without a group have pages of their own (wallet rules, exposure limits).
 */
export const GROUPS: ReadonlyArray<{ id: SettingGroup; fields: readonly FormField[] }> = SETTING_GROUPS.map((id) => ({
  id,
  fields: SETTING_KEYS.flatMap((key) => {
    const row: SettingRow = SETTINGS[key];
    return row.group === id ? [{ key, label: row.label, choices: row.choices }] : [];
  }),
}));

type Tp = (typeof messagesEn)['tp'];
/** Every `tp.<section>.<name>` text the console has. */
type ConsoleText = {
  [S in keyof Tp & string]: Tp[S] extends string ? never : `tp.${S}.${keyof Tp[S] & string}`;
}[keyof Tp & string];
/** The texts a row of the table needs: its label; on the form, its hint and a name for each choice too. */
type TextsOf<R> = R extends { label: infer L extends string; group: infer G }
  ? | L
    | (G extends null ? never : `${L}_hint` | (R extends { choices: readonly (infer C extends string)[] } ? `${L}_${C}` : never))
  : never;
type NeededTexts = TextsOf<(typeof SETTINGS)[SettingKey]> | `tp.runtime.group_${SettingGroup}`;
type Absent<T extends never> = T;
/**
 * The build fails, naming them, when the console lacks a text the settings table needs (messages.hk.ts is typed to
 * have every English key, so both languages are checked).
 */
export type SettingTextsPresent = Absent<Exclude<NeededTexts, ConsoleText>>;
