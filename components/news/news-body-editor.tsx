'use client';
/**
 * The rich-text editor of a news body (TipTap through @mantine/tiptap): headings, emphasis, lists, quotes,
 * links, images from this site, undo/redo, clearing formats, and the HTML source for what the toolbar
 * cannot do. Loaded lazily by the news editor only (news-body-field.tsx): no content page carries it.
 * What it makes is what the server's sanitizer keeps (lib/server/news/sanitize.ts), which still cleans
 * every saved body; what it cannot show (tables, sub/superscripts of older bodies) it keeps as it is.
 */
import '@/components/providers/mantine-screen-styles';
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { Button, Group, Input, Popover, Stack, TextInput, Textarea, Tooltip } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { Mark } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { isSitePath, newsImageSrc, newsLinkHref } from '@/lib/shared/news/body-urls';
import type { NewsLanguage } from '@/lib/shared/contracts/news';

export interface NewsBodyEditorProps {
  /** Id of the editable area (the cursor goes there when the body is missing). */
  id: string;
  /** The language the body is written in. */
  lang: NewsLanguage;
  label: string;
  description?: string;
  error?: string;
  /** HTML; '' for an empty body. */
  value: string;
  onChange: (html: string) => void;
}

/** Kept as they are when an older body has them (the sanitizer allows them); the toolbar does not make them. */
const Subscript = Mark.create({
  name: 'subscript',
  excludes: 'superscript',
  parseHTML: () => [{ tag: 'sub' }],
  renderHTML: () => ['sub', 0],
});
const Superscript = Mark.create({
  name: 'superscript',
  excludes: 'subscript',
  parseHTML: () => [{ tag: 'sup' }],
  renderHTML: () => ['sup', 0],
});

/** Images from this site only: one pasted from elsewhere would be dropped when saved, so it is not taken in. */
const SiteImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (node) => (isSitePath((node as HTMLElement).getAttribute('src') ?? '') ? null : false) }];
  },
});

const EXTENSIONS = [
  StarterKit.configure({
    // h1 is the item's title; pre blocks, strike-through and rules are not in the sanitizer's policy.
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // The sanitizer sets rel and target of every link.
      HTMLAttributes: { rel: null, target: null },
      isAllowedUri: (url) => newsLinkHref(url) !== null,
    },
  }),
  SiteImage.configure({ inline: false, allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
  Subscript,
  Superscript,
];

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

export function NewsBodyEditor({ id, lang, label, description, error, value, onChange }: NewsBodyEditorProps) {
  const t = useTranslations('NewsEditor.toolbar');
  const base = useId();
  const labelId = `${base}-label`;
  const describedBy = [description ? `${base}-description` : null, error ? `${base}-error` : null].filter(Boolean).join(' ') || undefined;
  const [source, setSource] = useState(false);
  // What the editor last reported: a value that differs came from outside (another item, the saved body).
  const emitted = useRef(value);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      change.current(html);
    },
  });

  useEffect(() => {
    if (!editor || source || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, source]);

  // The editable area is a labelled, described multi-line text box in the body's language.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id: source ? '' : id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          lang: lang === 'zh' ? 'zh-CN' : 'en',
        },
      },
    });
  }, [editor, id, source, labelId, describedBy, error, lang]);

  function toggleSource() {
    if (!editor) return;
    if (source) {
      // Back from the source: the editor takes in what it can show; that becomes the body.
      editor.commands.setContent(value, { emitUpdate: false });
      const html = htmlOf(editor);
      emitted.current = html;
      change.current(html);
    }
    setSource(!source);
  }

  const labels: Partial<RichTextEditorLabels> = {
    h2ControlLabel: t('h2'),
    h3ControlLabel: t('h3'),
    h4ControlLabel: t('h4'),
    boldControlLabel: t('bold'),
    italicControlLabel: t('italic'),
    underlineControlLabel: t('underline'),
    clearFormattingControlLabel: t('clear'),
    bulletListControlLabel: t('bulletList'),
    orderedListControlLabel: t('orderedList'),
    blockquoteControlLabel: t('blockquote'),
    unlinkControlLabel: t('unlink'),
    undoControlLabel: t('undo'),
    redoControlLabel: t('redo'),
  };

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      labelProps={{
        id: labelId,
        htmlFor: undefined,
        onClick: () => (source ? document.getElementById(id)?.focus() : editor?.commands.focus()),
      }}
      descriptionProps={{ id: `${base}-description` }}
      errorProps={{ id: `${base}-error` }}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        data-testid={`news-body-editor-${lang}`}
        data-invalid={error ? true : undefined}
      >
        <RichTextEditor.Toolbar role="toolbar" aria-label={t('label', { field: label })} onKeyDown={moveAlongToolbar}>
          <RichTextEditor.ControlsGroup>
            <Plain label={t('h2')} control={RichTextEditor.H2} disabled={source} />
            <Plain label={t('h3')} control={RichTextEditor.H3} disabled={source} />
            <Plain label={t('h4')} control={RichTextEditor.H4} disabled={source} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <Plain label={t('bold')} control={RichTextEditor.Bold} disabled={source} />
            <Plain label={t('italic')} control={RichTextEditor.Italic} disabled={source} />
            <Plain label={t('underline')} control={RichTextEditor.Underline} disabled={source} />
            <Plain label={t('clear')} control={RichTextEditor.ClearFormatting} disabled={source} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <Plain label={t('bulletList')} control={RichTextEditor.BulletList} disabled={source} />
            <Plain label={t('orderedList')} control={RichTextEditor.OrderedList} disabled={source} />
            <Plain label={t('blockquote')} control={RichTextEditor.Blockquote} disabled={source} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            {editor ? <LinkControl editor={editor} disabled={source} /> : null}
            <Plain label={t('unlink')} control={RichTextEditor.Unlink} disabled={source} />
            {editor ? <ImageControl editor={editor} disabled={source} /> : null}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <Plain label={t('undo')} control={RichTextEditor.Undo} disabled={source} />
            <Plain label={t('redo')} control={RichTextEditor.Redo} disabled={source} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <Tip label={t('source')}>
              <RichTextEditor.Control aria-label={t('source')} active={source} onClick={toggleSource} disabled={!editor}>
                <SourceIcon />
              </RichTextEditor.Control>
            </Tip>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        {source ? (
          <Textarea
            id={id}
            aria-label={t('sourceField', { field: label })}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            autosize
            minRows={10}
            p="xs"
            variant="unstyled"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
            value={value}
            onChange={(event) => change.current(event.currentTarget.value)}
            data-testid={`news-body-source-${lang}`}
          />
        ) : (
          <RichTextEditor.Content mih={220} />
        )}
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/** A toolbar button's name, shown on hover and on keyboard focus. */
/** A toolbar button of the editor's own, named by its tooltip (its built-in English title left out). */
function Plain({
  label,
  control: Control,
  disabled,
}: {
  label: string;
  control: ComponentType<{ title?: string; disabled?: boolean }>;
  disabled: boolean;
}) {
  return (
    <Tip label={label}>
      <Control title={undefined} disabled={disabled} />
    </Tip>
  );
}

function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: false }} openDelay={300} withinPortal>
      {children}
    </Tooltip>
  );
}

/** Arrow keys, Home and End move along the toolbar's buttons (Tab still reaches each one). */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key) || !(event.target instanceof HTMLElement) || !event.target.hasAttribute('data-rich-text-editor-control'))
    return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-rich-text-editor-control]:not(:disabled)')];
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (event.key === 'ArrowLeft' ? -1 : 1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next]?.focus();
}

/** A small dialog of the toolbar: focus kept inside, Escape closes, the button that opened it gets focus back. */
function ToolbarPopover({
  label,
  icon,
  active,
  disabled,
  opened,
  onOpen,
  onClose,
  children,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popover
      opened={opened}
      onChange={(o) => !o && onClose()}
      trapFocus
      returnFocus
      withinPortal
      shadow="md"
      position="bottom-start"
      width={320}
    >
      <Popover.Target>
        <Tooltip label={label} events={{ hover: true, focus: true, touch: false }} openDelay={300} disabled={opened}>
          <RichTextEditor.Control aria-label={label} active={active} disabled={disabled} onClick={onOpen}>
            {icon}
          </RichTextEditor.Control>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>{children}</Popover.Dropdown>
    </Popover>
  );
}

/** Sets, changes or removes the link of the selection; only http(s), mailto and paths on this site. */
function LinkControl({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const t = useTranslations('NewsEditor.toolbar');
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const active = useEditorState({ editor, selector: ({ editor: e }) => e?.isActive('link') ?? false });

  function open() {
    setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
    setError(null);
    setOpened(true);
  }
  function apply() {
    if (!url.trim()) return remove();
    const href = newsLinkHref(url);
    if (!href) return setError(t('linkInvalid'));
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setOpened(false);
  }
  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpened(false);
  }

  return (
    <ToolbarPopover
      label={t('link')}
      icon={<LinkIcon />}
      active={active}
      disabled={disabled}
      opened={opened}
      onOpen={open}
      onClose={() => setOpened(false)}
    >
      <Stack gap="xs">
        <TextInput
          label={t('linkUrl')}
          description={t('linkHint')}
          error={error}
          value={url}
          data-autofocus
          onChange={(event) => (setUrl(event.currentTarget.value), setError(null))}
          onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), apply())}
        />
        <Group gap="xs" justify="flex-end">
          {active ? (
            <Button variant="subtle" color="red" size="xs" onClick={remove}>
              {t('unlink')}
            </Button>
          ) : null}
          <Button variant="default" size="xs" onClick={() => setOpened(false)}>
            {t('cancel')}
          </Button>
          <Button size="xs" onClick={apply}>
            {t('apply')}
          </Button>
        </Group>
      </Stack>
    </ToolbarPopover>
  );
}

/** Inserts an image from a path on this site, with the text that stands for it. */
function ImageControl({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const t = useTranslations('NewsEditor.toolbar');
  const [opened, setOpened] = useState(false);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});

  function open() {
    setSrc('');
    setAlt('');
    setErrors({});
    setOpened(true);
  }
  function insert() {
    const path = newsImageSrc(src, window.location.origin);
    const found = { src: path ? undefined : t('imageInvalid'), alt: alt.trim() ? undefined : t('imageAltRequired') };
    setErrors(found);
    if (!path || !alt.trim()) return;
    editor.chain().focus().setImage({ src: path, alt: alt.trim() }).run();
    setOpened(false);
  }
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => event.key === 'Enter' && (event.preventDefault(), insert());

  return (
    <ToolbarPopover
      label={t('image')}
      icon={<ImageIcon />}
      disabled={disabled}
      opened={opened}
      onOpen={open}
      onClose={() => setOpened(false)}
    >
      <Stack gap="xs">
        <TextInput
          label={t('imageSrc')}
          description={t('imageHint')}
          error={errors.src}
          value={src}
          data-autofocus
          onChange={(event) => (setSrc(event.currentTarget.value), setErrors((e) => ({ ...e, src: undefined })))}
          onKeyDown={onEnter}
        />
        <TextInput
          label={t('imageAlt')}
          error={errors.alt}
          value={alt}
          maxLength={200}
          onChange={(event) => (setAlt(event.currentTarget.value), setErrors((e) => ({ ...e, alt: undefined })))}
          onKeyDown={onEnter}
        />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={() => setOpened(false)}>
            {t('cancel')}
          </Button>
          <Button size="xs" onClick={insert}>
            {t('insert')}
          </Button>
        </Group>
      </Stack>
    </ToolbarPopover>
  );
}

const iconProps = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function LinkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M10 14a3.5 3.5 0 0 0 5 0l4-4a3.5 3.5 0 0 0-5-5l-.5.5" />
      <path d="M14 10a3.5 3.5 0 0 0-5 0l-4 4a3.5 3.5 0 0 0 5 5l.5-.5" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" />
    </svg>
  );
}

function SourceIcon() {
  return (
    <svg {...iconProps}>
      <path d="m8 8-4 4 4 4" />
      <path d="m16 8 4 4-4 4" />
      <path d="m13.5 5-3 14" />
    </svg>
  );
}
