/**
 * The message catalogue's pure part: one JSON file per language, nested by screen (`{"ticket": {"buy": "Buy"}}`),
 * looked up by dotted key (`ticket.buy`) with `{{name}}` placeholders. Flattened once per language, so a look-up is one
 * map read and a message without placeholders is returned as it is.
 */
export type MessageTree = { readonly [key: string]: string | MessageTree };
export type MessageValues = Readonly<Record<string, string | number | null | undefined>>;
export type Catalogue = ReadonlyMap<string, string>;

export function flattenMessages(tree: MessageTree): Catalogue {
  const out = new Map<string, string>();
  const walk = (node: MessageTree, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.set(path, value);
      else walk(value, path);
    }
  };
  walk(tree, '');
  return out;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The message for `key` with its placeholders filled; a value that was not given leaves its placeholder empty. An
 * unknown key comes back as the key itself (every language is complete — locales.spec.ts —, so this shows only a
 * typo, visibly).
 */
export function formatMessage(catalogue: Catalogue | undefined, key: string, values?: MessageValues): string {
  const text = catalogue?.get(key);
  if (text === undefined) return key;
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
