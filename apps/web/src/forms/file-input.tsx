import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../i18n/file-size';
import {
  allowedExtensions,
  BYTES_PER_MB,
  checkFiles,
  type FileAccept,
  type FileRejection,
  maxSizeMbOf,
} from './check-files';
import { FilePicker } from './file-picker';
import { type CommonFieldProps, isMarkedRequired, useContractRules, useField } from './form';
import { FormField, framing } from './form-field';
import styles from './forms.module.css';

export interface FileInputProps extends CommonFieldProps {
  /** spec §5 Files: the allowed groups of extensions, or a stored file's purpose (its API rules). */
  accept: FileAccept;
  /** The size limit in megabytes (× 1,000,000 bytes); a purpose's own by default, else none. */
  maxSizeMb?: number;
  /** The value is then the list of valid files, else the first valid file (or null). */
  multiple?: boolean;
}

/** A list key: a name alone repeats when one file is chosen from two folders. */
function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function selectedFiles(value: unknown): File[] {
  if (value instanceof File) return [value];
  return Array.isArray(value) ? value.filter((file): file is File => file instanceof File) : [];
}

/**
 * spec §5 Files: a file input that drops the files of a type not allowed or over the size limit, saying
 * why for each, and lists the selected files with their size (spec §3: name, size). The list is the truth:
 * the browser's own "n files" text is cleared after each choice, since it would still count dropped files.
 */
export function FileInput(given: FileInputProps) {
  const {
    accept,
    maxSizeMb: givenMaxSizeMb,
    multiple = false,
    ...props
  } = useContractRules(given.name, given);
  const maxSizeMb = maxSizeMbOf(accept, givenMaxSizeMb);
  const { t, i18n } = useTranslation();
  const field = useField(props, { type: 'file', required: props.required, multiple });
  const { control } = useFormContext();
  const { field: controller } = useController({
    name: props.name,
    control,
    disabled: props.disabled,
    rules: { deps: field.deps },
  });
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const files = selectedFiles(controller.value);
  const extensions = allowedExtensions(accept);
  const rejectionsId = `${field.id}-rejections`;
  const filesId = `${field.id}-files`;
  const describedBy = [
    rejections.length > 0 ? rejectionsId : undefined,
    field.describedBy,
    files.length > 0 ? filesId : undefined,
  ]
    .filter((id): id is string => id !== undefined)
    .join(' ');
  const messageValues = (file: File) => ({
    name: file.name,
    extensions: extensions.join(', '),
    maxSize: maxSizeMb === undefined ? '' : formatFileSize(maxSizeMb * BYTES_PER_MB, i18n.language),
  });
  const remove = (file: File) => {
    const rest = files.filter((other) => other !== file);
    controller.onChange(multiple ? rest : null);
  };

  return (
    <FormField field={field} label={props.label} required={isMarkedRequired(props)} {...framing(props)}>
      <FilePicker
        id={field.id}
        ref={controller.ref}
        choose={t(multiple ? 'forms.file.chooseMany' : 'forms.file.choose')}
        name={props.name}
        accept={extensions.map((extension) => `.${extension}`).join(',')}
        multiple={multiple}
        disabled={controller.disabled || props.readOnly}
        required={isMarkedRequired(props)}
        aria-invalid={field.error || rejections.length > 0 ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const checked = checkFiles(Array.from(event.currentTarget.files ?? []), {
            accept,
            maxSizeMb,
            multiple,
          });
          setRejections(checked.errors);
          controller.onChange(checked.value);
          controller.onBlur();
          event.currentTarget.value = '';
        }}
      />
      {rejections.length > 0 && (
        <ul id={rejectionsId} className={styles.errorList} role="alert">
          {rejections.map((rejection) => (
            <li key={fileKey(rejection.file)} className={styles.error}>
              {t(rejection.key, messageValues(rejection.file))}
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul id={filesId} className={styles.fileList} aria-label={t('forms.file.selected')}>
          {files.map((file) => (
            <li key={fileKey(file)} className={styles.file}>
              <span>{file.name}</span>{' '}
              <span className={styles.fileSize}>({formatFileSize(file.size, i18n.language)})</span>
              {!props.readOnly && !controller.disabled && (
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('forms.file.remove', { name: file.name })}
                  onClick={() => remove(file)}
                >
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
                    <path
                      d="M3 3l10 10M13 3L3 13"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </FormField>
  );
}
