import type { AdminArticle, ArticleStatus } from '@tradepad/contracts/staff/content';
import { LANGS } from '@tradepad/contracts/languages';
import { Box, Chip, Tooltip } from '@mui/material';
import { CreateButton, Datagrid, FunctionField, List, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import { TimeCell } from '../../ui/cells.tsx';
import { PageHead } from '../../ui/page-head.tsx';
import type { Copy } from './news-text.ts';
import { completeLangs, listTitle } from './news-text.ts';

type Row = AdminArticle;

const STATUS_TONE: Record<ArticleStatus, 'default' | 'warning' | 'success'> = {
  draft: 'default',
  scheduled: 'warning',
  published: 'success',
};

/** An article's state as a chip: draft, scheduled (with its time below, in the list) or published. */
export function ArticleStatusChip({ status }: { status: ArticleStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'published' ? 'filled' : 'outlined'}
      color={STATUS_TONE[status]}
      label={translate(`tp.news.status_${status}`)}
      data-testid={`news-status-${status}`}
    />
  );
}

/**
 * News and announcements for content staff (issue 18 point 7): every article with its state, its category, when
 * traders see it and how many of the app's 14 languages it is complete in; a row opens the editor.
 */
export function NewsList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="category_id"
      source="category_id"
      label="tp.news.category"
      alwaysOn
      emptyText="tp.news.all"
      choices={[
        { id: 1, name: 'tp.news.category_1' },
        { id: 2, name: 'tp.news.category_2' },
        { id: 3, name: 'tp.news.category_3' },
      ]}
    />,
    <SelectInput
      key="status"
      source="status"
      label="tp.news.state"
      alwaysOn
      emptyText="tp.news.all"
      choices={(['draft', 'scheduled', 'published'] as const).map((s) => ({ id: s, name: `tp.news.status_${s}` }))}
    />,
  ];
  return (
    <>
      <PageHead title="tp.news.title" intro="tp.news.intro" />
      <List<Row>
        title={<></>}
        filters={filters}
        exporter={false}
        perPage={25}
        sort={{ field: 'id', order: 'DESC' }}
        actions={
          <TopToolbar>
            <CreateButton label="tp.news.new" variant="contained" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick="edit" size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <FunctionField<Row> label="#" render={(r) => r.id} sortable={false} />
          <FunctionField<Row>
            label="tp.news.headline"
            sortable={false}
            render={(r) => (
              <Box sx={{ maxWidth: 420, fontWeight: 500 }} data-testid={`news-row-${r.id}`}>
                {listTitle(r.text) || '—'}
              </Box>
            )}
          />
          <FunctionField<Row>
            label="tp.news.category"
            sortable={false}
            render={(r) => translate(`tp.news.category_${r.category_id}`)}
          />
          <FunctionField<Row> label="tp.news.state" sortable={false} render={(r) => <ArticleStatusChip status={r.status} />} />
          <TimeCell source="publish_at" label="tp.news.publish_at" sortable={false} />
          <FunctionField<Row>
            label="tp.news.languages"
            sortable={false}
            render={(r) => {
              const done = completeLangs(r.text as Partial<Record<(typeof LANGS)[number], Copy>>);
              return (
                <Tooltip title={done.join(', ') || '—'}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={done.length === LANGS.length ? 'success' : done.length === 0 ? 'error' : 'default'}
                    label={translate('tp.news.complete_count', { n: done.length, total: LANGS.length })}
                  />
                </Tooltip>
              );
            }}
          />
          <TimeCell source="updated_at" label="tp.news.updated" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
