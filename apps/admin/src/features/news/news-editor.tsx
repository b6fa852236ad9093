import type { AdminArticle } from '@tradepad/contracts/staff/content';
import { LANG_NAMES, LANG_TAGS, LANGS, RTL_LANGS, type Lang } from '@tradepad/contracts/languages';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Chip,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CompleteIcon from '@mui/icons-material/CheckCircle';
import PartialIcon from '@mui/icons-material/ErrorOutlineOutlined';
import EmptyIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useEffect, useMemo, useState } from 'react';
import { Confirm, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { AdminDataProvider } from '../../providers/data-provider.ts';
import { useTimeLocale } from '../../ui/cells.tsx';
import { formatTime } from '../../ui/format.ts';
import { ArticleStatusChip } from './news-list.tsx';
import {
  allTexts,
  completeLangs,
  fromLocalInput,
  isComplete,
  isPartial,
  textsToSave,
  toLocalInput,
  type Texts,
} from './news-text.ts';
import { PhonePreview } from './phone-preview.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const TITLE_MAX = 200;
const DESC_MAX = 500;
const HOUR = 3_600_000;

type Busy = 'save' | 'publish' | 'schedule' | 'unpublish' | 'delete' | undefined;

/**
 * Writes an article (issue 18 point 7): category, then per language (14 tabs, each marked complete when it has a
 * title and content) a plain-text title and description and the body in a TipTap editor, beside a preview at phone
 * width. Save keeps the article's state (a new one is a draft); publish now, schedule for later, unpublish and delete
 * are their own calls. The server sanitises and validates everything; its refusal is shown as it words it.
 */
export function NewsEditor() {
  const { id: routeId } = useParams();
  const id = routeId && routeId !== 'create' ? Number(routeId) : undefined;
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const locale = useTimeLocale();
  const dp = useDataProvider<AdminDataProvider>();

  const [saved, setSaved] = useState<AdminArticle | undefined>();
  const [loading, setLoading] = useState(id !== undefined);
  const [category, setCategory] = useState(1);
  const [texts, setTexts] = useState<Texts>(() => allTexts());
  // The copy in the console's own language opens first (Traditional Chinese staff write that one first).
  const [consoleLocale] = useLocaleState();
  const [lang, setLang] = useState<Lang>(() => (consoleLocale === 'hk' ? 'hk' : 'en'));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<Busy>();
  const [when, setWhen] = useState(() => toLocalInput(Date.now() + HOUR));
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Bumped whenever the editor must load the text again (a loaded or saved copy), not on each keystroke.
  const [loadCount, setLoadCount] = useState(0);

  const adopt = (a: AdminArticle) => {
    setSaved(a);
    setCategory(a.category_id);
    setTexts(allTexts(a.text));
    setDirty(false);
    setLoadCount((n) => n + 1);
  };

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setLoading(true);
    dp.getOne<AdminArticle & { id: number }>('news', { id })
      .then(({ data }) => live && adopt(data))
      .catch((e: unknown) => live && notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per article
  }, [id]);

  const complete = useMemo(() => completeLangs(texts), [texts]);
  const copy = texts[lang];
  const edit = (field: 'title' | 'desc' | 'content', value: string) => {
    setTexts((t) => ({ ...t, [lang]: { ...t[lang], [field]: value } }));
    setDirty(true);
  };

  const fail = (e: unknown) => notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' });

  /** Saves what is on screen (a new article is created as a draft); answers the saved article. */
  const save = async (): Promise<AdminArticle> => {
    const data = { category_id: category, text: textsToSave(texts) };
    if (saved) {
      const r = await dp.update<AdminArticle & { id: number }>('news', { id: saved.id, data, previousData: saved });
      return r.data;
    }
    const r = await dp.create<AdminArticle & { id: number }>('news', { data });
    return r.data;
  };

  const run = async (what: Exclude<Busy, undefined>, step: () => Promise<AdminArticle | null>, done: string) => {
    setBusy(what);
    try {
      const a = await step();
      if (a) {
        adopt(a);
        if (!id || id !== a.id) void navigate(`/news/${a.id}`, { replace: true });
      }
      notify(done, { type: 'success' });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(undefined);
    }
  };

  const onSave = () => run('save', save, 'tp.news.saved');
  const onPublish = () =>
    run('publish', async () => dp.publishNews((dirty || !saved ? await save() : saved).id), 'tp.news.published');
  const onSchedule = () => {
    const at = fromLocalInput(when);
    if (at === undefined || at <= Date.now()) return notify('tp.news.schedule_future', { type: 'warning' });
    return run('schedule', async () => dp.publishNews((dirty || !saved ? await save() : saved).id, at), 'tp.news.scheduled');
  };
  const onUnpublish = () => run('unpublish', () => dp.unpublishNews(saved!.id), 'tp.news.unpublished');
  const onDelete = async () => {
    setConfirmDelete(false);
    setBusy('delete');
    try {
      await dp.delete('news', { id: saved!.id, previousData: saved });
      notify('tp.news.deleted', { type: 'success' });
      void navigate('/news');
    } catch (e) {
      fail(e);
      setBusy(undefined);
    }
  };

  if (loading)
    return (
      <Box sx={{ p: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );

  const status = saved?.status;
  const dir = RTL_LANGS.has(lang) ? 'rtl' : 'ltr';
  // The app dates an article by its day, in the reader's language.
  const previewDate = new Date(saved?.publish_at ?? Date.now()).toLocaleDateString(LANG_TAGS[lang], { dateStyle: 'medium' });
  const noneComplete = complete.length === 0;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="h5" component="h1">
          {translate(saved ? 'tp.news.edit_title' : 'tp.news.new_title', { id: saved?.id ?? '' })}
        </Typography>
        {status && <ArticleStatusChip status={status} />}
        {status === 'scheduled' && saved?.publish_at && (
          <Typography variant="body2" color="text.secondary">
            {translate('tp.news.scheduled_for', { time: formatTime(saved.publish_at, locale) })}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '90ch', mb: 2 }}>
        {translate('tp.news.editor_intro')}
      </Typography>

      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Paper variant="outlined" sx={{ flex: '1 1 520px', minWidth: 0, p: 2 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
            <TextField
              select
              size="small"
              label={translate('tp.news.category')}
              value={category}
              onChange={(e) => {
                setCategory(Number(e.target.value));
                setDirty(true);
              }}
              sx={{ minWidth: 180 }}
              data-testid="news-category"
            >
              <MenuItem value={1}>{translate('tp.news.category_1')}</MenuItem>
              <MenuItem value={2}>{translate('tp.news.category_2')}</MenuItem>
              <MenuItem value={3}>{translate('tp.news.category_3')}</MenuItem>
            </TextField>
            <Typography variant="body2" color="text.secondary" data-testid="news-complete-count">
              {translate('tp.news.complete_count', { n: complete.length, total: LANGS.length })}
            </Typography>
          </Stack>

          {/* The 14 languages as tabs that wrap, so every language's marker is in sight at once. */}
          <Box
            role="tablist"
            aria-label={translate('tp.news.languages')}
            onKeyDown={(e) => {
              const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
              if (!step) return;
              const next = LANGS[(LANGS.indexOf(lang) + (dir === 'rtl' ? -step : step) + LANGS.length) % LANGS.length]!;
              setLang(next);
              document.querySelector<HTMLElement>(`[data-testid=news-tab-${next}]`)?.focus();
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            {LANGS.map((l) => {
              const c = texts[l];
              const state = isComplete(c) ? 'complete' : isPartial(c) ? 'partial' : 'empty';
              const icon =
                state === 'complete' ? (
                  <CompleteIcon fontSize="small" color="success" />
                ) : state === 'partial' ? (
                  <PartialIcon fontSize="small" color="warning" />
                ) : (
                  <EmptyIcon fontSize="small" sx={{ color: 'text.disabled' }} />
                );
              const selected = l === lang;
              return (
                <Tooltip key={l} title={translate(`tp.news.lang_${state}`)}>
                  <Chip
                    role="tab"
                    aria-selected={selected}
                    tabIndex={selected ? 0 : -1}
                    clickable
                    onClick={() => setLang(l)}
                    icon={icon}
                    label={LANG_NAMES[l]}
                    variant={selected ? 'filled' : 'outlined'}
                    color={selected ? 'primary' : 'default'}
                    data-testid={`news-tab-${l}`}
                    data-state={state}
                    sx={selected ? { '& .MuiChip-icon': { color: 'inherit' } } : undefined}
                  />
                </Tooltip>
              );
            })}
          </Box>

          <Stack spacing={2} sx={{ mt: 2 }}>
            <TextField
              label={translate('tp.news.headline')}
              value={copy.title}
              onChange={(e) => edit('title', e.target.value)}
              slotProps={{ htmlInput: { maxLength: TITLE_MAX, 'data-testid': 'news-title', dir } }}
              helperText={`${copy.title.length}/${TITLE_MAX}`}
              fullWidth
              size="small"
            />
            <TextField
              label={translate('tp.news.desc')}
              value={copy.desc}
              onChange={(e) => edit('desc', e.target.value)}
              slotProps={{ htmlInput: { maxLength: DESC_MAX, 'data-testid': 'news-desc', dir } }}
              helperText={translate('tp.news.desc_hint')}
              fullWidth
              multiline
              minRows={2}
              size="small"
            />
            <RichTextEditor
              value={copy.content}
              onChange={(html) => edit('content', html)}
              resetKey={`${lang}:${loadCount}`}
              dir={dir}
              label={translate('tp.news.body')}
            />
          </Stack>

          {noneComplete && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('tp.news.need_one')}
            </Alert>
          )}

          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant={status === 'published' ? 'contained' : 'outlined'}
              onClick={() => void onSave()}
              disabled={!!busy || (!!saved && !dirty)}
              data-testid="news-save"
            >
              {translate(saved ? 'tp.news.save' : 'tp.news.save_draft')}
            </Button>
            {status !== 'published' && (
              <Button
                variant="contained"
                onClick={() => void onPublish()}
                disabled={!!busy || noneComplete}
                data-testid="news-publish"
              >
                {translate('tp.news.publish_now')}
              </Button>
            )}
            {status !== 'published' && (
              <>
                <TextField
                  type="datetime-local"
                  size="small"
                  label={translate('tp.news.publish_at')}
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'news-when' } }}
                  sx={{ width: 220 }}
                />
                <Button onClick={() => void onSchedule()} disabled={!!busy || noneComplete} data-testid="news-schedule">
                  {translate('tp.news.schedule')}
                </Button>
              </>
            )}
            <Box sx={{ flex: 1 }} />
            {saved && status !== 'draft' && (
              <Button color="warning" onClick={() => void onUnpublish()} disabled={!!busy} data-testid="news-unpublish">
                {translate('tp.news.unpublish')}
              </Button>
            )}
            {saved && (
              <Button color="error" onClick={() => setConfirmDelete(true)} disabled={!!busy} data-testid="news-delete">
                {translate('ra.action.delete')}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('tp.news.time_zone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
          </Typography>
        </Paper>

        <PhonePreview
          lang={lang}
          title={copy.title}
          html={copy.content}
          date={previewDate}
          pageTitle={translate(`tp.news.category_${category}`)}
        />
      </Box>

      <Confirm
        isOpen={confirmDelete}
        title={translate('tp.news.delete_title', { id: saved?.id ?? '' })}
        content={translate('tp.news.delete_confirm')}
        onConfirm={() => void onDelete()}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
