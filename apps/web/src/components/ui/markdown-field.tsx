import { Tabs } from 'radix-ui';
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, FieldLabel } from './text-field';
import { SafeMarkup } from './safe-markup';
import fieldStyles from './field.module.css';
import styles from './markdown-field.module.css';

type RenderMarkdown = (source: string) => string;

/*
 * The preview renders with the server's own function (decision 055), sanitized here as every
 * markup is (SafeMarkup). The parser is loaded the first time a preview is asked for, never with
 * the form: most edits are saved without one.
 */
let renderer: Promise<RenderMarkdown> | undefined;
function loadRenderer(): Promise<RenderMarkdown> {
  renderer ??= import('@guildhall/contract/markdown').then(
    (module) => module.renderMarkdown,
    (error: unknown) => {
      // A chunk that failed to load (a new deployment, a lost network) is asked for again.
      renderer = undefined;
      throw error;
    },
  );
  return renderer;
}

interface MarkdownFieldProps extends Omit<
  ComponentProps<'textarea'>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby' | 'value'
> {
  label: string;
  /** What the field holds now, for the preview. */
  value: string;
  error?: string | undefined;
  /** An explanation of the field's own, read before the syntax's. */
  hint?: string | undefined;
  /** Ids of other elements that describe the field. */
  describedBy?: string | undefined;
  /** Wraps the rendered text, to show it as the page will (an alert's colours). */
  frame?: ((content: ReactNode) => ReactNode) | undefined;
}

/**
 * A Markdown text, written in one tab and previewed in the other as members will read it. The
 * textarea stays in the page while the preview shows, so that the form still reads and focuses it.
 */
export function MarkdownField({
  label,
  value,
  error,
  hint,
  describedBy,
  required,
  frame = (content) => content,
  ...textareaProps
}: MarkdownFieldProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  // A problem found on submit is shown where it can be fixed.
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    if (error) setTab('write');
  }
  const renderer = useRenderer(tab === 'preview');
  const inputId = useId();
  const hintId = useId();
  const syntaxId = useId();
  const errorId = useId();
  const described = [hint && hintId, syntaxId, describedBy, error && errorId]
    .filter(Boolean)
    .join(' ');

  return (
    <Tabs.Root
      className={styles.markdownField}
      value={tab}
      onValueChange={(next) => setTab(next === 'preview' ? 'preview' : 'write')}
    >
      <div className={styles.head}>
        <FieldLabel htmlFor={inputId} label={label} required={required} />
        <Tabs.List className={styles.list} aria-label={t('markdown.tabs', { label })}>
          <Tabs.Trigger className={styles.tab} value="write">
            {t('markdown.write')}
          </Tabs.Trigger>
          <Tabs.Trigger
            className={styles.tab}
            value="preview"
            // Fetched as soon as the admin heads for it, so that it is often there when clicked.
            onPointerEnter={() => void loadRenderer().catch(() => undefined)}
            onFocus={() => void loadRenderer().catch(() => undefined)}
          >
            {t('markdown.preview')}
          </Tabs.Trigger>
        </Tabs.List>
      </div>
      {/* Not a stop of its own on the way to the textarea it holds. */}
      <Tabs.Content
        className={styles.panel}
        value="write"
        forceMount
        hidden={tab !== 'write'}
        tabIndex={-1}
      >
        <textarea
          id={inputId}
          className={fieldStyles.input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...textareaProps}
        />
      </Tabs.Content>
      <Tabs.Content className={`${styles.panel} ${styles.preview}`} value="preview">
        {value.trim() === '' ? (
          <p className={styles.placeholder}>{t('markdown.preview_empty')}</p>
        ) : renderer.render ? (
          frame(<SafeMarkup markup={renderer.render(value)} className={styles.markup} />)
        ) : (
          <p className={styles.placeholder} role={renderer.failed ? 'alert' : undefined}>
            {renderer.failed ? t('markdown.preview_failed') : t('markdown.preview_loading')}
          </p>
        )}
      </Tabs.Content>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <p id={syntaxId} className={fieldStyles.hint}>
        {t('markdown.syntax')}
      </p>
      {error && <FieldError id={errorId} message={error} />}
    </Tabs.Root>
  );
}

/** The renderer once a preview is wanted (it loads then), or whether it could not load. */
function useRenderer(wanted: boolean) {
  const [render, setRender] = useState<RenderMarkdown>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || render) return;
    let current = true;
    loadRenderer().then(
      (loaded) => {
        if (current) setRender(() => loaded);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, render]);
  return { render, failed };
}
