import { Box, Button, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  Edit,
  Link,
  List,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  maxLength,
  regex,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { toBody, toForm, type FieldSpec, type FormValues } from './config-form.ts';
import { PageHead } from './page-head.tsx';

/** The channel configuration's three lists, as tabs over their own pages. */
const CHANNEL_TABS = [
  { resource: 'deposit-channels', label: 'tp.channels.deposit_tab' },
  { resource: 'wire-channels', label: 'tp.channels.wire_tab' },
  { resource: 'draw-currencies', label: 'tp.channels.draw_tab' },
] as const;

function ChannelTabs() {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Tabs value={resource} aria-label={translate('tp.channels.tabs')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}>
      {CHANNEL_TABS.map((t) => (
        <Tab key={t.resource} value={t.resource} label={translate(t.label)} component={Link} to={`/${t.resource}`} />
      ))}
    </Tabs>
  );
}

interface ListProps {
  title: string;
  intro: string;
  /** What the add button names ("Add channel"). */
  addLabel: string;
  children: ReactNode;
}

/** A configuration table under the channel tabs; a row opens its form. Every change is audited on the server. */
export function ConfigList({ title, intro, addLabel, children }: ListProps) {
  const translate = useTranslate();
  return (
    <>
      <PageHead title="tp.channels.title" intro="tp.channels.intro" />
      <ChannelTabs />
      <List
        title={<></>}
        pagination={false}
        perPage={100}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar sx={{ justifyContent: 'space-between', width: '100%', alignItems: 'flex-end' }}>
            <span>
              <strong>{translate(title)}</strong>
              <br />
              <small>{translate(intro)}</small>
            </span>
            <CreateButton label={addLabel} variant="contained" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick="edit" empty={<EmptyConfig addLabel={addLabel} />}>
          {children}
        </Datagrid>
      </List>
    </>
  );
}

function EmptyConfig({ addLabel }: { addLabel: string }) {
  const translate = useTranslate();
  return <p style={{ padding: 24, textAlign: 'center' }}>{translate('tp.config.empty', { add: translate(addLabel) })}</p>;
}

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;
const INTEGER = /^[0-9]+$/;

function validatorsOf(f: FieldSpec): Validator[] {
  const v: Validator[] = [];
  if (!f.optional && f.kind !== 'bool') v.push(required());
  if (f.maxLength) v.push(maxLength(f.maxLength));
  if (f.kind === 'decimal') v.push(regex(DECIMAL, 'tp.config.decimal_invalid'));
  if (f.kind === 'int') v.push(regex(INTEGER, 'tp.config.int_invalid'));
  return v;
}

/** The inputs of a configuration form, from its field specs, two to a row on wider screens. */
function ConfigInputs({ fields }: { fields: FieldSpec[] }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        columnGap: 2,
        width: '100%',
        '& .wide': { gridColumn: '1 / -1' },
      }}
    >
      {fields.map((f) => {
        const common = {
          source: f.name,
          label: f.label,
          helperText: f.hint ? translate(f.hint) : false,
          validate: validatorsOf(f),
        };
        switch (f.kind) {
          case 'bool':
            return <BooleanInput key={f.name} {...common} className="wide" />;
          case 'select':
            return (
              <SelectInput
                key={f.name}
                {...common}
                choices={(f.options ?? []).map((o) => ({ id: String(o.value), name: o.label }))}
                fullWidth
              />
            );
          case 'textarea':
            return <TextInput key={f.name} {...common} multiline minRows={2} fullWidth className={f.wide ? 'wide' : undefined} />;
          case 'text':
          case 'decimal':
          case 'int':
            return (
              <TextInput
                key={f.name}
                {...common}
                fullWidth
                className={f.wide ? 'wide' : undefined}
                slotProps={{
                  htmlInput: {
                    inputMode: f.kind === 'text' ? undefined : f.kind === 'int' ? 'numeric' : 'decimal',
                    spellCheck: false,
                  },
                }}
              />
            );
        }
      })}
    </Box>
  );
}

/** On save: say so with the record's id and go back to the list. */
function useSaved(kind: 'added' | 'saved', noun: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const translate = useTranslate();
  return {
    onSuccess: (row: { id: number; pending_change_id?: number | null }) => {
      // New receiving details wait for a second staff member (issue 29): nothing took effect yet.
      if (row.pending_change_id)
        notify('tp.config.pending', { type: 'info', messageArgs: { id: row.pending_change_id }, autoHideDuration: 8000 });
      else
        notify(kind === 'added' ? 'tp.config.added' : 'tp.config.saved', { messageArgs: { noun: translate(noun), id: row.id } });
      redirect('list', resource);
    },
  };
}

interface FormProps {
  fields: FieldSpec[];
  /** The singular noun ("channel"), a message key. */
  noun: string;
}

/** Save, and back to the list; records are never deleted (the server has no such call). */
function FormToolbar() {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <Button component={Link} to={`/${resource}`}>
        {translate('ra.action.cancel')}
      </Button>
    </Toolbar>
  );
}

function EditForm({ fields }: { fields: FieldSpec[] }) {
  const record = useRecordContext<{ id: number }>();
  return (
    <SimpleForm
      record={record ? { ...toForm(record, fields), id: record.id } : undefined}
      sx={{ maxWidth: 860 }}
      toolbar={<FormToolbar />}
    >
      <ConfigInputs fields={fields} />
    </SimpleForm>
  );
}

/** Changes a record; the server checks every field and answers with the message to show. The form keeps what was typed. */
export function ConfigEdit({ fields, noun }: FormProps) {
  const saved = useSaved('saved', noun);
  return (
    <Edit
      mutationMode="pessimistic"
      transform={(data: FormValues) => toBody(data, fields)}
      mutationOptions={saved}
      title={false}
      redirect={false}
      actions={false}
      sx={{ mt: 2 }}
    >
      <EditHead noun={noun} />
      <EditForm fields={fields} />
    </Edit>
  );
}

/** "Edit channel #3". */
function EditHead({ noun }: { noun: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Box sx={{ px: 2 }}>
      <PageHead title={translate('tp.config.edit_title', { noun: translate(noun), id: record?.id ?? '' })} />
    </Box>
  );
}

/** Adds a record from `blank`. */
export function ConfigCreate({ fields, noun, blank }: FormProps & { blank: FormValues }) {
  const translate = useTranslate();
  const saved = useSaved('added', noun);
  return (
    <Create
      transform={(data: FormValues) => toBody(data, fields)}
      mutationOptions={saved}
      title={false}
      redirect={false}
      record={blank}
      sx={{ mt: 2 }}
    >
      <Box sx={{ px: 2 }}>
        <PageHead title={translate('tp.config.new_title', { noun: translate(noun) })} />
      </Box>
      <SimpleForm sx={{ maxWidth: 860 }} toolbar={<FormToolbar />}>
        <ConfigInputs fields={fields} />
      </SimpleForm>
    </Create>
  );
}
