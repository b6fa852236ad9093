import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import BoldIcon from '@mui/icons-material/FormatBold';
import ItalicIcon from '@mui/icons-material/FormatItalic';
import BulletIcon from '@mui/icons-material/FormatListBulleted';
import NumberedIcon from '@mui/icons-material/FormatListNumbered';
import QuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The article editor: TipTap 3 with what articles may hold (DESIGN §7): headings (h2, h3), bold, italic, lists, links
 * (https and mailto only), quotes, code. No strike, underline or images (the sanitiser would drop them). Its HTML is
 * only a proposal: the server sanitises it on save, and the saved copy is what the preview and the app show.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['https', 'mailto'],
      isAllowedUri: (url) => /^(https:\/\/|mailto:)/i.test(url),
    },
  }),
];

/** What a link must look like to be kept. */
export const isLinkAllowed = (url: string): boolean => /^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(url.trim());

export function RichTextEditor({
  value,
  onChange,
  resetKey,
  dir,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  /** Changing it loads `value` into the editor (another language's tab, or the saved copy). */
  resetKey: string;
  dir: 'ltr' | 'rtl';
  label: string;
}) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // Another tab or a saved copy: load it without reporting it back as an edit.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(value || '', { emitUpdate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the source changes, not on every keystroke
  }, [editor, resetKey]);

  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main' },
        '& .tiptap': {
          minHeight: 260,
          maxHeight: 420,
          overflowY: 'auto',
          p: 1.5,
          outline: 'none',
          lineHeight: 1.6,
          '& > :first-of-type': { mt: 0 },
          '& p': { my: 0.75 },
          '& li > p': { my: 0.25 },
          '& blockquote': {
            borderInlineStart: 3,
            borderColor: 'primary.main',
            bgcolor: 'action.hover',
            m: 0,
            mb: 1,
            px: 1.5,
            py: 0.25,
            color: 'text.secondary',
          },
          '& a': { color: 'primary.main' },
          '& h2': { fontSize: 20, mb: 1 },
          '& h3': { fontSize: 17, mb: 1 },
        },
      }}
    >
      {editor && <Toolbar editor={editor} />}
      <Divider />
      <EditorContent editor={editor} dir={dir} aria-label={label} data-testid="news-editor-content" />
    </Box>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (
    key: string,
    label: string,
    icon: ReactElement | string,
    active: boolean,
    run: () => void,
    disabled = false,
  ) => (
    <Tooltip key={key} title={translate(label)}>
      <span>
        <IconButton
          size="small"
          aria-label={translate(label)}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={run}
          sx={{ borderRadius: 1, minWidth: 34, fontWeight: 700, fontSize: 14, bgcolor: active ? 'action.selected' : undefined }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5 }} role="toolbar" aria-label={translate('tp.news.toolbar')}>
      {button('h2', 'tp.news.heading', 'H2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {button('h3', 'tp.news.subheading', 'H3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {button('bold', 'tp.news.bold', <BoldIcon fontSize="small" />, state.bold, () => chain().toggleBold().run())}
      {button('italic', 'tp.news.italic', <ItalicIcon fontSize="small" />, state.italic, () => chain().toggleItalic().run())}
      {button('bullet', 'tp.news.bullets', <BulletIcon fontSize="small" />, state.bullet, () => chain().toggleBulletList().run())}
      {button('ordered', 'tp.news.numbers', <NumberedIcon fontSize="small" />, state.ordered, () =>
        chain().toggleOrderedList().run(),
      )}
      {button('quote', 'tp.news.quote', <QuoteIcon fontSize="small" />, state.quote, () => chain().toggleBlockquote().run())}
      {button('link', 'tp.news.link', <LinkIcon fontSize="small" />, state.link, () => setLinkOpen(true))}
      {button('unlink', 'tp.news.unlink', <LinkOffIcon fontSize="small" />, false, () => chain().unsetLink().run(), !state.link)}
      <Box sx={{ flex: 1 }} />
      {button('undo', 'tp.news.undo', <UndoIcon fontSize="small" />, false, () => chain().undo().run(), !state.undo)}
      {button('redo', 'tp.news.redo', <RedoIcon fontSize="small" />, false, () => chain().redo().run(), !state.redo)}
      {linkOpen && (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? 'https://'}
          onClose={() => setLinkOpen(false)}
          onSave={(href) => {
            setLinkOpen(false);
            chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </Box>
  );
}

function LinkDialog({ initial, onClose, onSave }: { initial: string; onClose: () => void; onSave: (href: string) => void }) {
  const translate = useTranslate();
  const [href, setHref] = useState(initial);
  const ok = isLinkAllowed(href);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('tp.news.link_title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('tp.news.link_url')}
          value={href}
          onChange={(e) => setHref(e.target.value)}
          error={href !== 'https://' && !ok}
          helperText={translate('tp.news.link_hint')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && ok) onSave(href.trim());
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!ok} onClick={() => onSave(href.trim())}>
          {translate('tp.news.link_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
