/** One form field of a configuration record. */
export interface FieldSpec {
  name: string;
  /** A message key (or the text itself). */
  label: string;
  /** decimal: sent as a string (exact amounts); int and numeric selects: sent as numbers; bool: a checkbox. */
  kind: 'text' | 'textarea' | 'decimal' | 'int' | 'bool' | 'select';
  options?: Array<{ value: number | string; label: string }>;
  /** A message key shown under the input. */
  hint?: string;
  optional?: boolean;
  maxLength?: number;
  /** Spans the whole row of the form grid. */
  wide?: boolean;
}

export type FormValues = Record<string, string | boolean | number>;

/** A record's fields as form values: strings, and booleans for checkboxes. */
export function toForm<T extends { id: number }>(row: T, fields: FieldSpec[]): FormValues {
  const values: FormValues = {};
  const record = row as unknown as Record<string, unknown>;
  for (const f of fields) {
    const v = record[f.name];
    values[f.name] = f.kind === 'bool' ? v === true || v === 1 : v === null || v === undefined ? '' : String(v);
  }
  return values;
}

/**
 * Form values as the request body: decimals stay strings (exact amounts), integers and numeric selects become
 * numbers, checkboxes booleans, text is trimmed.
 */
export function toBody(values: FormValues, fields: FieldSpec[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'bool') body[f.name] = v === true;
    else {
      const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
      const numeric = f.kind === 'int' || (f.kind === 'select' && typeof f.options?.[0]?.value === 'number');
      body[f.name] = numeric && text !== '' ? Number(text) : text;
    }
  }
  return body;
}
