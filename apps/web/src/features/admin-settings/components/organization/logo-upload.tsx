import type { Organization } from '@guildhall/contract';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '@/components/ui/file-picker';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useUploadLogo } from '../../api/upload-logo';
import { checkLogo } from './organization-values';
import styles from './organization.module.css';

/**
 * The chosen file as an address an <img> can show. A data: URL rather than an object URL: the
 * Content Security Policy lets images come from data:, not from blob:.
 */
function usePreview(file: File | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview && preview.file === file ? preview.url : undefined;
}

/** The logo's toasts: the last upload's outcome replaces the one before. */
const LOGO_TOAST = 'logo-upload';

/**
 * The logo: the current one, and a new one checked (JPG or PNG, 2 MB at most) and previewed in
 * the browser before it is sent. It is saved on its own, apart from the other fields.
 */
export function LogoUpload({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const uploadLogo = useUploadLogo();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const preview = usePreview(file);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  function clear() {
    setFile(undefined);
    if (inputRef.current) inputRef.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setError(undefined);
    if (!chosen) {
      setFile(undefined);
      return;
    }
    const problem = checkLogo(chosen);
    if (problem) {
      setError(t(`organization_settings.logo.problems.${problem}`));
      clear();
      return;
    }
    setFile(chosen);
  }

  function upload() {
    if (!file || uploadLogo.isPending) return;
    uploadLogo.mutate(file, {
      onSuccess: () => {
        clear();
        toast.success(t('organization_settings.logo.uploaded'), undefined, { topic: LOGO_TOAST });
      },
      onError: (failure) => {
        setError(describe(failure));
        toast.error(t('organization_settings.logo.upload_failed'), describe(failure), {
          topic: LOGO_TOAST,
        });
      },
    });
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {t('organization_settings.logo.title')}
      </h3>
      <div className={styles.logoRow}>
        <figure className={styles.logoFigure}>
          {organization.logo ? (
            <img
              className={styles.logo}
              src={organization.logo}
              alt={t('organization_settings.logo.current_alt', { name: organization.name })}
            />
          ) : (
            <span className={styles.noLogo}>{t('organization_settings.logo.none')}</span>
          )}
          <figcaption>{t('organization_settings.logo.current')}</figcaption>
        </figure>
        {preview && (
          <figure className={styles.logoFigure}>
            <img
              className={styles.logo}
              src={preview}
              alt={t('organization_settings.logo.preview_alt', { name: file?.name ?? '' })}
            />
            <figcaption>{t('organization_settings.logo.preview')}</figcaption>
          </figure>
        )}
      </div>
      <FilePicker
        label={t('organization_settings.logo.choose')}
        browseLabel={t('organization_settings.logo.browse')}
        status={
          file
            ? t('organization_settings.logo.chosen', { name: file.name })
            : t('organization_settings.logo.no_file')
        }
        hint={t('organization_settings.logo.hint')}
        error={error}
        accept="image/png,image/jpeg"
        name="logo"
        inputRef={inputRef}
        onChange={choose}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-primary"
          disabled={!file}
          aria-disabled={uploadLogo.isPending || undefined}
          onClick={upload}
        >
          <ImageUp size={18} aria-hidden="true" />
          {uploadLogo.isPending
            ? t('organization_settings.logo.uploading')
            : t('organization_settings.logo.upload')}
        </button>
        {file && (
          <button type="button" className="button" onClick={clear}>
            {t('organization_settings.logo.discard')}
          </button>
        )}
      </div>
    </section>
  );
}
